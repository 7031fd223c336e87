import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/canonical-json.js';

/** A key already answered a different request; nothing was sent upstream. */
export class IdempotencyKeyReusedError extends Error {
  readonly code = 'IDEMPOTENCY_KEY_REUSED' as const;

  constructor() {
    super('This idempotencyKey was already used with a different request.');
    this.name = 'IdempotencyKeyReusedError';
  }
}

/** SHA-256 (hex) of the canonical JSON of an upstream operation and its request body. */
export function requestFingerprint(operation: string, request: unknown): string {
  return createHash('sha256').update(canonicalJson({ operation, request })).digest('hex');
}
