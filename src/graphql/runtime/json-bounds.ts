/**
 * Bounds of a JSON text checked before `JSON.parse` builds it: V8 parses a 12 MB object of a million
 * keys in over a second and enumerating its keys afterwards costs as much again, while one pass over
 * the text (strings skipped with `indexOf`) refuses it in milliseconds. For whatever parses a request
 * (an HTTP body, a WebSocket message, an SSE request), before it parses.
 */
export interface JsonBounds {
  /** Members of one object or items of one array. */
  maxMembers: number;
  /** Values in the whole text (members of every object and array). */
  maxValues: number;
  /** Objects and arrays nested in one another. */
  maxDepth: number;
}

/**
 * Far above what a GraphQL request of this graph holds (its longest lists: 120 payments, a router's
 * batch of representations; a document travels as one base64 string), far below what costs time.
 */
export const DEFAULT_JSON_BOUNDS: JsonBounds = { maxMembers: 10_000, maxValues: 100_000, maxDepth: 64 };

/** The members counted at each level of the text being checked (an allocation per call cost more than the pass over a small body). */
let scratch = new Int32Array(DEFAULT_JSON_BOUNDS.maxDepth + 2);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * What of `bounds` the JSON `text` exceeds (a short sentence that quotes nothing), or undefined: also
 * for a text that is not JSON, which the parser then refuses as usual.
 */
export function jsonBoundsExceeded(text: string, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): string | undefined {
  // Each level's count is reset as the level opens: one array serves every call (the pass never yields).
  if (scratch.length < bounds.maxDepth + 2) {
    scratch = new Int32Array(bounds.maxDepth + 2);
  }
  const members = scratch;
  members[0] = 0;
  let depth = 0;
  let values = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      const end = closingQuote(text, index + 1);
      if (end < 0) {
        return undefined;
      }
      index = end;
    } else if (code === COMMA) {
      if (++members[depth]! >= bounds.maxMembers) {
        return `an object or a list of more than ${bounds.maxMembers} members`;
      }
      if (++values >= bounds.maxValues) {
        return `more than ${bounds.maxValues} values`;
      }
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > bounds.maxDepth) {
        return `objects and lists nested more than ${bounds.maxDepth} levels deep`;
      }
      members[depth] = 0;
    } else if ((code === CLOSE_OBJECT || code === CLOSE_ARRAY) && depth > 0) {
      depth -= 1;
    }
  }
  return undefined;
}

/** The index of the quote that ends the string whose content starts at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  for (let at = from; ; at += 1) {
    at = text.indexOf('"', at);
    if (at < 0) {
      return -1;
    }
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) {
      backslashes += 1;
    }
    if (backslashes % 2 === 0) {
      return at;
    }
  }
}
