import { boundedMemo } from '../../shared/memo.js';

/** The languages of user-facing messages: English (the default) and Brazilian Portuguese. */
export type Locale = 'en' | 'pt-BR';

/** The language a request's messages are in when it says nothing (or nothing the graph speaks). */
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * The language of a request's messages from its `Accept-Language` header (RFC 9110: q-values, the
 * highest first, ties in the header's order): `pt-BR` for any Portuguese range (`pt`, `pt-BR`,
 * `pt-PT`), `en` for English or `*`, else the next range; {@link DEFAULT_LOCALE} when none matches.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (acceptLanguage === null || acceptLanguage === undefined || acceptLanguage.length > 1000) {
    return DEFAULT_LOCALE;
  }
  return negotiated(acceptLanguage);
}

/** Distinct `Accept-Language` headers whose answer is remembered: clients send the same few request after request (fetch sends `*`). */
const REMEMBERED_HEADERS = 200;
const negotiated = boundedMemo(REMEMBERED_HEADERS, negotiate);

function negotiate(acceptLanguage: string): Locale {
  const ranges = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag !== '' && Number.isFinite(range.q) && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === 'pt' || tag.startsWith('pt-')) {
      return 'pt-BR';
    }
    if (tag === 'en' || tag.startsWith('en-') || tag === '*') {
      return 'en';
    }
  }
  return DEFAULT_LOCALE;
}
