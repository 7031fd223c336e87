import { createRemoteJWKSet, decodeProtectedHeader, errors, type JWTPayload, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { CALLER_SCOPES, type JwtSettings } from '../config/index.js';

/**
 * Signature algorithms a caller's JWT may use: asymmetric only. `none` and the HMAC family are never
 * accepted (an HMAC "verified" with a public key is the classic algorithm-confusion attack).
 */
export const JWT_ALGORITHMS: readonly string[] = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

/** Seconds of clock skew tolerated on `exp`, `nbf` and `iat`. */
export const JWT_CLOCK_TOLERANCE_SECONDS = 5;

/** How long fetched signing keys are used before the JWKS is fetched again (jose's default, said explicitly). */
export const JWKS_CACHE_MAX_AGE_MS = 10 * 60 * 1000;

/** Caller ids: the same shape as GRAPHQL_API_KEYS caller ids (they own proposals and enter upstream keys). */
const CALLER_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller a verified JWT names. */
export interface JwtCaller {
  callerId: string;
  scopes: readonly string[];
  /** The token's `exp` plus the clock tolerance, epoch ms: what a subscription opened with it lasts until. */
  expiresAt: number;
}

/** The JWKS (GRAPHQL_JWKS_URL) could not be fetched or read: the token could not be checked at all. */
export class JwksUnavailableError extends Error {
  readonly code = 'AUTH_UNAVAILABLE';
  constructor(readonly reason: 'timeout' | 'unreachable' | 'bad-response') {
    super(`the JWKS could not be fetched (${reason})`);
    this.name = 'JwksUnavailableError';
  }
}

/** Checks bearer tokens against the issuer's remote JWKS. */
export interface JwtVerifier {
  /**
   * The caller a valid token names; undefined for any invalid token (bad signature, expired, wrong
   * issuer or audience, unknown key, unusable `sub`). Throws {@link JwksUnavailableError} when the
   * keys cannot be fetched, so an outage is not mistaken for a bad token.
   */
  verify(token: string): Promise<JwtCaller | undefined>;
}

/** Whether a bearer credential is shaped like a JWS compact JWT (three base64url parts, a JSON header with `alg`). */
export function looksLikeJwt(token: string): boolean {
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) {
    return false;
  }
  try {
    return typeof decodeProtectedHeader(token).alg === 'string';
  } catch (_error) {
    return false;
  }
}

/**
 * A verifier over `createRemoteJWKSet(settings.jwksUrl)` with explicit fetch timeout, cooldown (the
 * least time between two fetches an unknown `kid` can trigger) and cache age, and `jwtVerify` with
 * the required issuer and audience, {@link JWT_ALGORITHMS}, {@link JWT_CLOCK_TOLERANCE_SECONDS} and
 * `sub` and `exp` required; a token whose `iat` lies further in the future than the tolerance is
 * refused too.
 */
export function createJwtVerifier(settings: JwtSettings): JwtVerifier {
  const remote = createRemoteJWKSet(new URL(settings.jwksUrl), {
    timeoutDuration: settings.timeoutMs,
    cooldownDuration: settings.cooldownMs,
    cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
  });
  // Tells a JWKS outage apart from a token the keys do not verify.
  const keys: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      throw outage(error) ?? error;
    }
  };
  return {
    async verify(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: settings.issuer,
          audience: settings.audience,
          algorithms: [...JWT_ALGORITHMS],
          clockTolerance: JWT_CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp'],
        }));
      } catch (error) {
        if (error instanceof JwksUnavailableError) {
          throw error;
        }
        return undefined;
      }
      // jose checks `iat` only against a maxTokenAge: a token issued in the future (a skewed or
      // forged issuer clock) would be accepted for as long as its exp allows.
      if (payload.iat !== undefined && !(typeof payload.iat === 'number' && payload.iat <= Date.now() / 1000 + JWT_CLOCK_TOLERANCE_SECONDS)) {
        return undefined;
      }
      const callerId = payload.sub;
      if (typeof callerId !== 'string' || !CALLER_ID.test(callerId)) {
        return undefined;
      }
      // `exp` is required, so jose has checked it is a number; the token stays good as long as jose would accept it.
      return { callerId, scopes: scopesOf(payload), expiresAt: ((payload.exp as number) + JWT_CLOCK_TOLERANCE_SECONDS) * 1000 };
    },
  };
}

/** Known scopes from `scope` (a space-separated string) and `scp` (a space-separated string or an array of strings); others are ignored. */
export function scopesOf(payload: JWTPayload): string[] {
  const granted = new Set<string>();
  const add = (value: unknown, arrays: boolean): void => {
    if (typeof value === 'string') {
      for (const scope of value.split(/\s+/)) {
        granted.add(scope);
      }
    } else if (arrays && Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string') {
          granted.add(item);
        }
      }
    }
  };
  // RFC 8693/9068: `scope` is one space-separated string; `scp` (Azure AD, Okta) may also be an array.
  add(payload['scope'], false);
  add(payload['scp'], true);
  return CALLER_SCOPES.filter((scope) => granted.has(scope));
}

/** The outage a JWKS failure is, or undefined when it is about the token (unknown key, unusable header). */
function outage(error: unknown): JwksUnavailableError | undefined {
  if (error instanceof errors.JWKSTimeout) {
    return new JwksUnavailableError('timeout');
  }
  if (error instanceof errors.JWKSInvalid) {
    return new JwksUnavailableError('bad-response');
  }
  if (error instanceof errors.JOSEError) {
    // jose's own class, not a subclass: a non-200 answer or a body that is not JSON.
    return error.constructor === errors.JOSEError ? new JwksUnavailableError('bad-response') : undefined;
  }
  // fetch's own failures (connection refused, reset, DNS): TypeError('fetch failed') and the like.
  return new JwksUnavailableError('unreachable');
}
