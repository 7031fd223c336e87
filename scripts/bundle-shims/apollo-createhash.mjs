// Stands in for @apollo/utils.createhash in the bundle. The package picks Node's crypto only where
// `module.require` exists, which the bundler's CommonJS wrapper does not give, so bundled it hashed in
// JavaScript (sha.js): Apollo Server's SHA-256 of every request's query text cost several times
// Node's. Apollo Server hashes one text at a time (`createHash(kind).update(text).digest('hex')`):
// that goes to Node's one-shot `hash` (same digest, without a Hash object and its stream machinery);
// anything else to Node's `createHash`.
import { createHash as nodeCreateHash, hash } from 'node:crypto';

class OneShotHash {
  constructor(kind) {
    this.kind = kind;
    this.data = undefined;
    this.hash = undefined;
  }

  update(data, encoding) {
    if (this.hash === undefined && this.data === undefined && typeof data === 'string' && encoding === undefined) {
      this.data = data;
    } else {
      this.hash ??= this.data === undefined ? nodeCreateHash(this.kind) : nodeCreateHash(this.kind).update(this.data);
      this.hash.update(data, encoding);
    }
    return this;
  }

  digest(encoding) {
    if (this.hash !== undefined) {
      return this.hash.digest(encoding);
    }
    return hash(this.kind, this.data ?? '', encoding ?? 'buffer');
  }
}

export function createHash(kind) {
  return new OneShotHash(kind);
}
