import { createCipheriv, createDecipheriv, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Prefix and version of a person id (a new scheme gets a new prefix; old ids then stop resolving). */
const PREFIX = 'P1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** A CPF (11 digits) or a CNPJ (14 digits). */
const DOCUMENT = /^(\d{11}|\d{14})$/;

/**
 * The opaque `Person.id`: the person's document (CPF/CNPJ) encrypted under a server secret,
 * deterministically, so the same person always has the same id on every replica and the id maps back
 * to the document without any stored look-up. Neither the document nor a plain hash of it (11 digits
 * are easily enumerated) travels in query plans or reaches another subgraph.
 *
 * The construction is a synthetic-IV AES-256-GCM (the idea of AES-SIV, RFC 5297, with Node's
 * built-in ciphers): the 96-bit nonce is an HMAC-SHA256 of the document under a second key, so a
 * nonce repeats only for the same document (the point: a stable id) and GCM's tag authenticates the
 * id; decoding also recomputes the nonce from the decrypted document, so a tampered id never
 * decodes. Both keys are derived from the secret with HKDF-SHA256.
 */
export interface PersonIds {
  /** The id of a person by document (digits only). */
  encode(document: string): string;
  /** The document of an id, or undefined when the id is not one this secret issued (malformed, tampered, another secret's). */
  decode(id: string): string | undefined;
}

/** Builds the person id codec of a secret (config/: `PERSON_ID_SECRET`). */
export function createPersonIds(secret: string): PersonIds {
  const encryptionKey = Buffer.from(hkdfSync('sha256', secret, 'credit-graph', 'person-id encryption', 32));
  const nonceKey = Buffer.from(hkdfSync('sha256', secret, 'credit-graph', 'person-id nonce', 32));
  const nonceOf = (document: string): Buffer => createHmac('sha256', nonceKey).update(document).digest().subarray(0, NONCE_BYTES);
  const cache = new Map<string, string>();

  const ids: PersonIds = {
    encode(document) {
      const known = cache.get(document);
      if (known !== undefined) {
        return known;
      }
      const nonce = nonceOf(document);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, nonce);
      const sealed = Buffer.concat([nonce, cipher.update(document, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      const id = `${PREFIX}${sealed.toString('base64url')}`;
      // Bounded: a process sees few distinct people per minute; the map only spares the cipher work.
      if (cache.size >= 10_000) {
        cache.clear();
      }
      cache.set(document, id);
      return id;
    },
    decode(id) {
      if (!id.startsWith(PREFIX) || !/^[A-Za-z0-9_-]+$/.test(id.slice(PREFIX.length))) {
        return undefined;
      }
      const sealed = Buffer.from(id.slice(PREFIX.length), 'base64url');
      if (sealed.length <= NONCE_BYTES + TAG_BYTES) {
        return undefined;
      }
      const nonce = sealed.subarray(0, NONCE_BYTES);
      const tag = sealed.subarray(sealed.length - TAG_BYTES);
      try {
        const decipher = createDecipheriv('aes-256-gcm', encryptionKey, nonce, { authTagLength: TAG_BYTES });
        decipher.setAuthTag(tag);
        const document = Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
        if (!DOCUMENT.test(document) || !timingSafeEqual(nonceOf(document), nonce)) {
          return undefined;
        }
        // Only the spelling this codec issues: base64url decoding ignores a trailing character and
        // unused low bits, so "id + x" would otherwise name the same person under a second id.
        return ids.encode(document) === id ? document : undefined;
      } catch {
        // The tag did not verify: tampered, truncated or issued under another secret.
        return undefined;
      }
    },
  };
  return ids;
}
