/** Who is calling: the caller (and its scopes) a request's `Authorization` header authenticates. */
import { hash, timingSafeEqual } from 'node:crypto';
import { type Config } from '../config/index.js';
import { HttpError } from './errors.js';
import { createJwtVerifier, JwksUnavailableError, type JwtVerifier, looksLikeJwt } from './jwt.js';
import { type Logger } from './logger.js';
import { ALL_SCOPES, ANONYMOUS_CALLER, type Caller } from './types.js';

/**
 * The caller a request's `Authorization` header authenticates: `anonymous` with every scope when no
 * caller authentication is configured; undefined when it is and the header carries no valid API key
 * or JWT. Throws an {@link HttpError} `AUTH_UNAVAILABLE` (503) when a JWT cannot be checked because
 * the JWKS cannot be fetched.
 */
export type CallerAuthenticator = (authorization: string | undefined) => Promise<Caller | undefined>;

/** The authenticator of the configured API keys and JWT issuer. */
export function createCallerAuthenticator(config: Config, logger: Logger): CallerAuthenticator {
  const jwt = config.jwt === undefined ? undefined : createJwtVerifier(config.jwt);
  return async (authorization) => {
    try {
      return await authenticate(config.apiCallers, jwt, authorization);
    } catch (error) {
      if (error instanceof JwksUnavailableError) {
        // The reason only: never the token, its claims or the JWKS answer.
        logger.warn('caller token not checked: the JWKS could not be fetched', { code: error.code, reason: error.reason });
        throw new HttpError(503, 'AUTH_UNAVAILABLE', 'Caller tokens cannot be checked right now (the signing keys could not be fetched); retry later.');
      }
      throw error;
    }
  };
}

/** Whether a request asks for fresh data: a `Cache-Control` header with `no-cache` (or `no-store`, or `max-age=0`). */
export function wantsFreshData(cacheControl: string | undefined): boolean {
  return cacheControl !== undefined && /(^|[\s,])(no-cache|no-store|max-age\s*=\s*0)(?=$|[\s,])/i.test(cacheControl);
}

async function authenticate(callers: Config['apiCallers'], jwt: JwtVerifier | undefined, authorization: string | undefined): Promise<Caller | undefined> {
  if (callers.length === 0 && jwt === undefined) {
    return { callerId: ANONYMOUS_CALLER, scopes: ALL_SCOPES };
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (match?.[1] === undefined) {
    return undefined;
  }
  const token = match[1];
  if (jwt !== undefined && looksLikeJwt(token)) {
    // A JWT is checked only as a JWT: it never falls back to the API keys.
    return jwt.verify(token);
  }
  const known = authenticatedKeys.get(callers)?.get(token);
  if (known !== undefined) {
    return known;
  }
  const digest = hash('sha256', token, 'buffer');
  // Compare digests in constant time; every caller is checked so timing does not tell which one matched.
  let found: Caller | undefined;
  for (const caller of callers) {
    if (timingSafeEqual(digest, caller.keySha256)) {
      found = { callerId: caller.callerId, scopes: caller.scopes };
    }
  }
  if (found !== undefined) {
    // One digest per key per process. Only keys that matched are kept: at most one entry per caller
    // configured, so a flood of wrong keys cannot grow the map (each is hashed and refused).
    let keys = authenticatedKeys.get(callers);
    if (keys === undefined) {
      keys = new Map();
      authenticatedKeys.set(callers, keys);
    }
    keys.set(token, found);
  }
  return found;
}

/** API keys that authenticated, per configured caller list, with the caller each one is. */
const authenticatedKeys = new WeakMap<Config['apiCallers'], Map<string, Caller>>();
