// Stands in for the negotiator package in the bundle (scripts/bundle.mjs resolves every other import of
// `negotiator` to this module), around the package itself. Apollo Server builds a Negotiator for every
// request to choose its incremental-delivery format (its request pipeline's `useLegacyIncremental`),
// parsing the Accept header each time. `mediaType(available)` is a pure function of the header and
// the list, and clients send few distinct headers: the choice for a header seen lately is remembered
// (REMEMBERED_HEADERS headers of at most LONGEST_HEADER characters, then it starts over). Every other
// method is the package's own.
import Negotiator from 'negotiator';

export const REMEMBERED_HEADERS = 256;
export const LONGEST_HEADER = 1024;

/** Accept header → the media types list (joined) → the type chosen. */
const chosen = new Map();

// eslint-disable-next-line no-restricted-syntax -- it stands in for the negotiator package, whose importers take its default export.
export default class RememberingNegotiator extends Negotiator {
  mediaType(available) {
    const accept = this.request?.headers?.accept;
    if (typeof accept !== 'string' || accept.length > LONGEST_HEADER || !Array.isArray(available)) {
      return super.mediaType(available);
    }
    const list = available.join('\n');
    let byList = chosen.get(accept);
    if (byList === undefined) {
      if (chosen.size >= REMEMBERED_HEADERS) {
        chosen.clear();
      }
      byList = new Map();
      chosen.set(accept, byList);
    }
    if (byList.has(list)) {
      return byList.get(list);
    }
    const type = super.mediaType(available);
    byList.set(list, type);
    return type;
  }
}

/** How many Accept headers are remembered now (for tests). */
export function rememberedHeaders() {
  return chosen.size;
}
