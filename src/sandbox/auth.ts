import { randomBytes } from 'node:crypto';
import { errors as joseErrors, importSPKI, jwtVerify, type CryptoKey } from 'jose';

/** The only scope the partner API is known to grant (facts, "Authentication"). */
export const FULL_ACCESS_SCOPE = 'bmp.digital.api.full.access';
export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** Clock skew tolerated on the assertion's exp/nbf/iat, in seconds. */
export const ASSERTION_SKEW_SECONDS = 30;
/** The furthest an assertion's exp may lie in the future, in seconds (public clients use ~60 s). */
export const ASSERTION_MAX_LIFETIME_SECONDS = 300;
export const MAX_SCOPE_LENGTH = 300;

/** Per-client settings beyond its key (signature notification channels, see README). */
export interface ClientSettings {
  emailNotification: boolean;
  chatNotification: boolean;
}

interface RegisteredClient extends ClientSettings {
  clientId: string;
  key: CryptoKey;
}

interface IssuedToken {
  clientId: string;
  expiresAtMs: number;
  revoked: boolean;
}

/** An OAuth2 token-endpoint answer. */
export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** Outcome of checking a bearer token. */
export type BearerCheck = { ok: true; clientId: string } | { ok: false; context: string; description: string };

function oauthError(error: string, description: string): TokenAnswer {
  return { status: 400, body: { error, error_description: description } };
}

/**
 * The sandbox's identity server: registered client keys, the client-assertion check, issued
 * opaque bearer tokens (wall-clock lifetimes) and the jti replay cache.
 */
export class TokenService {
  private readonly clients = new Map<string, RegisteredClient>();
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly seenJti = new Map<string, number>();

  constructor(private readonly ttlSeconds: number) {}

  /** Registers or replaces a client. Throws (TypeError) when the PEM is not an RSA SPKI public key. */
  async registerClient(clientId: string, publicKeyPem: string, settings: Partial<ClientSettings> = {}): Promise<void> {
    const key = await importSPKI(publicKeyPem, 'RS256');
    const previous = this.clients.get(clientId);
    this.clients.set(clientId, {
      clientId,
      key,
      emailNotification: settings.emailNotification ?? previous?.emailNotification ?? true,
      chatNotification: settings.chatNotification ?? previous?.chatNotification ?? false,
    });
  }

  settings(clientId: string): ClientSettings {
    const client = this.clients.get(clientId);
    return { emailNotification: client?.emailNotification ?? true, chatNotification: client?.chatNotification ?? false };
  }

  /** Forgets issued tokens and seen jti values (clients stay registered). */
  reset(): void {
    this.tokens.clear();
    this.seenJti.clear();
  }

  /** Every token issued so far is refused from now on. */
  revokeAll(): void {
    for (const token of this.tokens.values()) {
      token.revoked = true;
    }
  }

  /** Checks an `Authorization` header value. */
  checkBearer(header: string | undefined): BearerCheck {
    if (!header || header.trim() === '') {
      return { ok: false, context: 'V0001', description: 'Token de acesso ausente.' };
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const token = match?.[1] ? this.tokens.get(match[1]) : undefined;
    if (!token) {
      return { ok: false, context: 'V0002', description: 'Token de acesso inválido.' };
    }
    if (token.revoked) {
      return { ok: false, context: 'V0004', description: 'Token de acesso revogado.' };
    }
    if (Date.now() >= token.expiresAtMs) {
      return { ok: false, context: 'V0003', description: 'Token de acesso expirado.' };
    }
    return { ok: true, clientId: token.clientId };
  }

  /**
   * Handles a token request's form fields. `audiences` are the token URLs the assertion's aud may
   * name (the sandbox's own URL and the one the request was addressed to).
   */
  async issue(form: URLSearchParams, audiences: string[]): Promise<TokenAnswer> {
    for (const name of ['grant_type', 'client_id', 'client_assertion', 'client_assertion_type', 'scope']) {
      if (form.getAll(name).length > 1) {
        return oauthError('invalid_request', `Parameter ${name} is repeated.`);
      }
    }
    const grantType = form.get('grant_type');
    if (!grantType) {
      return oauthError('invalid_request', 'grant_type is missing.');
    }
    if (grantType !== 'client_credentials') {
      return oauthError('unsupported_grant_type', 'Only client_credentials is supported.');
    }
    const clientId = form.get('client_id');
    const assertion = form.get('client_assertion');
    const assertionType = form.get('client_assertion_type');
    if (!clientId || !assertion || !assertionType) {
      return oauthError('invalid_request', 'client_id, client_assertion and client_assertion_type are required.');
    }
    if (assertionType !== ASSERTION_TYPE) {
      return oauthError('invalid_request', `client_assertion_type must be ${ASSERTION_TYPE}.`);
    }
    const scopeRaw = form.get('scope');
    if (scopeRaw !== null && scopeRaw.length > MAX_SCOPE_LENGTH) {
      return oauthError('invalid_scope', `scope exceeds ${MAX_SCOPE_LENGTH} characters.`);
    }
    const scopes = (scopeRaw ?? '').split(' ').filter((s) => s !== '');
    if (scopes.some((s) => s !== FULL_ACCESS_SCOPE)) {
      return oauthError('invalid_scope', `Only the scope ${FULL_ACCESS_SCOPE} is granted.`);
    }
    const client = this.clients.get(clientId);
    if (!client) {
      return oauthError('invalid_client', 'Unknown client.');
    }
    let jti: string;
    try {
      const { payload } = await jwtVerify(assertion, client.key, {
        algorithms: ['RS256'],
        issuer: clientId,
        subject: clientId,
        audience: audiences,
        clockTolerance: ASSERTION_SKEW_SECONDS,
        requiredClaims: ['exp', 'jti'],
      });
      const nowSeconds = Math.floor(Date.now() / 1000);
      if (typeof payload.exp !== 'number' || payload.exp > nowSeconds + ASSERTION_MAX_LIFETIME_SECONDS + ASSERTION_SKEW_SECONDS) {
        return oauthError('invalid_client', `The assertion's exp lies more than ${ASSERTION_MAX_LIFETIME_SECONDS} s ahead.`);
      }
      if (typeof payload.iat === 'number' && payload.iat > nowSeconds + ASSERTION_SKEW_SECONDS) {
        return oauthError('invalid_client', 'The assertion was issued in the future.');
      }
      if (typeof payload.jti !== 'string' || payload.jti === '') {
        return oauthError('invalid_client', 'The assertion needs a jti.');
      }
      jti = payload.jti;
      this.pruneJti(nowSeconds);
      const jtiKey = `${clientId}\u0000${jti}`;
      if (this.seenJti.has(jtiKey)) {
        return oauthError('invalid_client', 'The assertion jti was already used.');
      }
      this.seenJti.set(jtiKey, payload.exp + ASSERTION_SKEW_SECONDS);
    } catch (err) {
      return oauthError('invalid_client', describeJoseError(err));
    }
    const accessToken = randomBytes(32).toString('base64url');
    this.tokens.set(accessToken, { clientId, expiresAtMs: Date.now() + this.ttlSeconds * 1000, revoked: false });
    return {
      status: 200,
      body: { access_token: accessToken, expires_in: this.ttlSeconds, token_type: 'Bearer', scope: FULL_ACCESS_SCOPE },
    };
  }

  private pruneJti(nowSeconds: number): void {
    for (const [key, until] of this.seenJti) {
      if (until < nowSeconds) {
        this.seenJti.delete(key);
      }
    }
  }
}

/** A short, secret-free reason for a refused assertion. */
function describeJoseError(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) {
    return 'The assertion has expired.';
  }
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    return `The assertion's ${err.claim} claim is invalid (${err.reason}).`;
  }
  if (err instanceof joseErrors.JOSEAlgNotAllowed) {
    return 'The assertion must be signed with RS256.';
  }
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) {
    return 'The assertion signature does not verify against the registered key.';
  }
  if (err instanceof joseErrors.JOSEError) {
    return `The assertion is invalid (${err.code}).`;
  }
  return 'The assertion is invalid.';
}
