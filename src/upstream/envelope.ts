/**
 * Reading the upstream's answers. The body is JSON whatever the content type says (text/plain on
 * success); the envelope is camelCase (`msg, hasError, messages`) or, for /FGTS/, PascalCase
 * (`Msg, HasError, Messages`). Every envelope field is optional (docs/partner/facts.md, "Transport").
 */
import { meaningOf } from './catalogue.js';
import { type UpstreamMessage } from './errors.js';

/** A parsed answer: the whole body on success, the failure's message items otherwise. */
export type ParsedEnvelope = { ok: true; data: Record<string, unknown> } | { ok: false; error: { msg?: string; items: UpstreamMessage[] } };

/** The body as a JSON object, or why it is not one. */
export type ParsedBody = { kind: 'object'; value: Record<string, unknown> } | { kind: 'invalid'; reason: string };

/** Parses a response body that must hold one JSON object (a BOM and surrounding blanks are tolerated). */
export function parseBody(text: string): ParsedBody {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') {
    return { kind: 'invalid', reason: 'empty body' };
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { kind: 'invalid', reason: 'body is not JSON' };
  }
  if (value === null || typeof value !== 'object') {
    return { kind: 'invalid', reason: `body is JSON ${value === null ? 'null' : typeof value}, not an object` };
  }
  if (Array.isArray(value)) {
    return { kind: 'invalid', reason: 'body is a JSON array, not an object' };
  }
  return { kind: 'object', value: value as Record<string, unknown> };
}

function pick(obj: Record<string, unknown>, camel: string): unknown {
  if (camel in obj) {
    return obj[camel];
  }
  return obj[camel.charAt(0).toUpperCase() + camel.slice(1)];
}

function text(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return '';
}

/** True when an envelope says it failed (`hasError`/`HasError`, boolean or the string "true"). */
export function hasError(body: Record<string, unknown>): boolean {
  const flag = pick(body, 'hasError');
  return flag === true || (typeof flag === 'string' && flag.trim().toLowerCase() === 'true');
}

/** The message items of an envelope in either spelling, each with its catalogue meaning. */
export function messageItems(body: Record<string, unknown>): UpstreamMessage[] {
  const list = pick(body, 'messages');
  if (!Array.isArray(list)) {
    return [];
  }
  const items: UpstreamMessage[] = [];
  for (const raw of list) {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      continue;
    }
    const m = raw as Record<string, unknown>;
    const code = text(pick(m, 'code')).trim();
    const detail = text(pick(m, 'context')).trim();
    const item: UpstreamMessage = {
      code,
      detail,
      field: text(pick(m, 'field')),
      description: text(pick(m, 'description')),
      meaning: meaningOf(code, detail),
    };
    const messageType = pick(m, 'messageType');
    if (typeof messageType === 'number') {
      item.messageType = messageType;
    }
    items.push(item);
  }
  return items;
}

/**
 * Reads an envelope. `failed` forces the failure branch (an HTTP 400 carrying an object is a
 * rejection even if it forgot `hasError`).
 */
export function readEnvelope(body: Record<string, unknown>, failed = false): ParsedEnvelope {
  if (!failed && !hasError(body)) {
    return { ok: true, data: body };
  }
  const msg = pick(body, 'msg');
  return {
    ok: false,
    error: { ...(typeof msg === 'string' ? { msg } : {}), items: messageItems(body) },
  };
}
