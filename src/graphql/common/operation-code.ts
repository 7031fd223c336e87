import { createHmac, hkdfSync } from 'node:crypto';

/** Hex characters of a caller's namespace tag (64 bits: two callers' tags never meet in practice). */
const TAG_HEX = 16;

/**
 * Keeps callers' operation codes apart at the partner. The partner refuses an operation code
 * already used by any proposal of the upstream client (S0005), so a caller that could send a raw
 * code would learn whether another caller holds it. A caller without `proposals.all` therefore
 * sends `<tag>-<its code>`, where the tag is a keyed digest (HMAC-SHA256 under a key derived from
 * the server secret) of its caller id: the same on every replica and after every restart, never
 * the caller id itself (the partner does not learn who our callers are), and two callers' codes
 * never collide.
 */
export interface OperationCodeNamespaces {
  /** The namespace tag of a caller (16 lowercase hex characters). */
  tagOf(callerId: string): string;
}

/** Builds the namespaces of a secret (config `PERSON_ID_SECRET`, under its own derived key). */
export function createOperationCodeNamespaces(secret: string): OperationCodeNamespaces {
  const key = Buffer.from(hkdfSync('sha256', secret, 'credit-graph', 'operation-code namespace', 32));
  const tags = new Map<string, string>();
  return {
    tagOf(callerId) {
      const known = tags.get(callerId);
      if (known !== undefined) {
        return known;
      }
      const tag = createHmac('sha256', key).update(callerId).digest('hex').slice(0, TAG_HEX);
      // Bounded: callers are configured (API keys) or a router's users; the map only spares the HMAC.
      if (tags.size >= 10_000) {
        tags.clear();
      }
      tags.set(callerId, tag);
      return tag;
    },
  };
}

/** One request's translation between the caller's operation codes and the codes the partner holds. */
export interface OperationCodes {
  /** The code sent to (and looked up at) the partner for the caller's own `code`. */
  toPartner(code: string): string;
  /**
   * What the caller sees of a code the partner holds (as the ledger recorded it): its own code
   * without the namespace; a `proposals.all` caller sees partner codes as they are.
   */
  fromPartner(code: string | null | undefined): string | null;
}

/**
 * The codes of one caller: a caller with `proposals.all` (an operator) sends and sees raw codes;
 * any other caller's codes live in its own namespace ({@link OperationCodeNamespaces}).
 */
export function operationCodesOf(namespaces: OperationCodeNamespaces, callerId: string, seesAll: boolean): OperationCodes {
  if (seesAll) {
    return { toPartner: (code) => code, fromPartner: (code) => code ?? null };
  }
  const prefix = `${namespaces.tagOf(callerId)}-`;
  return {
    toPartner: (code) => `${prefix}${code}`,
    fromPartner: (code) => (code != null && code.startsWith(prefix) ? code.slice(prefix.length) : (code ?? null)),
  };
}
