import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A private key that cannot be used; its message names the failure, never the key material or the path. */
export class PrivateKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrivateKeyError';
  }
}

/**
 * Reads an RSA private key from PEM text (literal `\n` escapes allowed, as env files often carry
 * them) or a path to a PEM file. Shared by config/ (checked at start-up) and the upstream client
 * (which signs with it), so start-up accepts exactly the keys the client can sign with.
 */
export function parsePrivateKey(pemOrPath: string): KeyObject {
  let pem = pemOrPath.trim();
  if (!pem.includes('-----BEGIN')) {
    try {
      pem = readFileSync(pem, 'utf8');
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'unreadable';
      throw new PrivateKeyError(`the private key is neither PEM text nor a readable file (${code})`);
    }
  }
  pem = pem.replace(/\\n/g, '\n');
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new PrivateKeyError('the private key could not be parsed as a PEM private key');
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new PrivateKeyError(`the private key must be RSA, not ${key.asymmetricKeyType ?? 'unknown'}`);
  }
  return key;
}
