import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APOLLO_STUDIO_ORIGIN, checkProductionUpstreamEnv, ConfigError, DEVELOPMENT_PERSON_ID_SECRET, loadConfig } from '../../src/config/index.js';
import { MAX_DOCUMENT_BYTES } from '../../src/graphql/document/document.input.js';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pkcs8 = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const pkcs1 = rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

const upstreamEnv = {
  UPSTREAM_BASE_URL: 'https://api.example.com/',
  UPSTREAM_ENVIRONMENT_URL: 'https://env.example.com',
  UPSTREAM_AUTH_URL: 'https://auth.example.com',
  UPSTREAM_CLIENT_ID: 'partner-1',
  UPSTREAM_PRIVATE_KEY: pkcs8,
};

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      return error;
    }
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  describe('defaults', () => {
    it('starts in development on 127.0.0.1:4000 with the sandbox on 4010 and Apollo Sandbox allowed', () => {
      const config = loadConfig({});
      expect(config).toMatchObject({
        nodeEnv: 'development',
        port: 4000,
        host: '127.0.0.1',
        sandboxPort: 4010,
        sandboxAnalysisMs: 10_000,
        introspection: true,
        landingPage: true,
        corsOrigins: [APOLLO_STUDIO_ORIGIN],
        logLevel: 'info',
        upstream: undefined,
      });
      expect(config.upstreamLimits.scope).toBe('bmp.digital.api.full.access');
    });

    it('sizes the GraphQL body for GraphQL (1 MiB) and takes the largest document attachDocument allows through POST /uploads', () => {
      const config = loadConfig({});
      expect(config.maxBodyBytes).toBe(1024 * 1024);
      expect(config.uploads).toEqual({
        maxBytes: MAX_DOCUMENT_BYTES,
        ttlMs: 900_000,
        maxStoredBytes: 256 * 1024 * 1024,
        maxCallerBytes: 64 * 1024 * 1024,
        purgeIntervalMs: 60_000,
      });
    });

    it('turns introspection, the landing page and CORS off in production and listens on every interface', () => {
      const config = loadConfig({ NODE_ENV: 'production', GRAPHQL_AUTH: 'none' });
      expect(config).toMatchObject({ introspection: false, landingPage: false, corsOrigins: [], host: '0.0.0.0' });
    });

    it('lets GRAPHQL_INTROSPECTION=true turn introspection on in production without the landing page', () => {
      const config = loadConfig({ NODE_ENV: 'production', GRAPHQL_AUTH: 'none', GRAPHQL_INTROSPECTION: 'true' });
      expect(config.introspection).toBe(true);
      expect(config.landingPage).toBe(false);
    });

    it('limits what one GraphQL request may cost', () => {
      expect(loadConfig({}).queryLimits).toEqual({ maxUpstreamCalls: 200, maxDepth: 10, maxAliases: 30, maxSelections: 2000 });
      expect(loadConfig({}).metricsToken).toBeUndefined();
      expect(loadConfig({}).documentLimits).toEqual({ maxQueryBytes: 100_000, maxTokenLength: 10_000, maxTokens: 5000, maxDirectives: 50 });
    });

    it('spends the real upstream sparingly (1 call per second) and the sandbox freely', () => {
      expect(loadConfig(upstreamEnv).upstreamLimits.requestsPerSecond).toBe(1);
      expect(loadConfig({}).upstreamLimits.requestsPerSecond).toBe(50);
    });
  });

  describe('values', () => {
    it('reads every variable', () => {
      const config = loadConfig({
        NODE_ENV: 'test',
        PORT: '8080',
        HOST: '0.0.0.0',
        SANDBOX_PORT: '0',
        SANDBOX_ANALYSIS_SECONDS: '0.25',
        GRAPHQL_INTROSPECTION: 'false',
        CORS_ORIGINS: 'https://app.example.com, http://localhost:3000/',
        GRAPHQL_MAX_BODY_BYTES: '2048',
        GRAPHQL_MAX_UPSTREAM_CALLS: '3',
        GRAPHQL_MAX_DEPTH: '6',
        GRAPHQL_MAX_ALIASES: '0',
        GRAPHQL_MAX_SELECTIONS: '500',
        GRAPHQL_MAX_QUERY_BYTES: '20000',
        GRAPHQL_MAX_TOKEN_LENGTH: '300',
        METRICS_TOKEN: 'a-metrics-token-0123456789',
        LOG_LEVEL: 'WARN',
        UPSTREAM_SCOPE: 'a b',
        UPSTREAM_RATE_LIMIT_RPS: '2.5',
        UPSTREAM_RATE_LIMIT_BURST: '7',
        UPSTREAM_MAX_CONCURRENT: '3',
        UPSTREAM_RATE_LIMIT_MAX_WAIT_MS: '0',
        UPSTREAM_TIMEOUT_MS: '1500',
      });
      expect(config).toMatchObject({
        nodeEnv: 'test',
        port: 8080,
        host: '0.0.0.0',
        sandboxPort: 0,
        sandboxAnalysisMs: 250,
        introspection: false,
        corsOrigins: ['https://app.example.com', 'http://localhost:3000'],
        maxBodyBytes: 2048,
        queryLimits: { maxUpstreamCalls: 3, maxDepth: 6, maxAliases: 0, maxSelections: 500 },
        documentLimits: { maxQueryBytes: 20_000, maxTokenLength: 300 },
        metricsToken: 'a-metrics-token-0123456789',
        logLevel: 'warn',
        upstreamLimits: { scope: 'a b', requestsPerSecond: 2.5, burst: 7, maxConcurrent: 3, maxWaitMs: 0, timeoutMs: 1500 },
      });
    });

    it.each([
      ['PORT', 'http'],
      ['PORT', '70000'],
      ['PORT', '-1'],
      ['SANDBOX_PORT', '4.5'],
      ['SANDBOX_ANALYSIS_SECONDS', '-1'],
      ['SANDBOX_ANALYSIS_SECONDS', '86401'],
      ['SANDBOX_ANALYSIS_SECONDS', 'soon'],
      ['NODE_ENV', 'staging'],
      ['GRAPHQL_INTROSPECTION', 'maybe'],
      ['CORS_ORIGINS', 'https://app.example.com/path'],
      ['CORS_ORIGINS', 'app.example.com'],
      ['LOG_LEVEL', 'verbose'],
      ['UPSTREAM_RATE_LIMIT_RPS', '0'],
      ['UPSTREAM_RATE_LIMIT_RPS', 'fast'],
      ['UPSTREAM_MAX_CONCURRENT', '0'],
      ['UPSTREAM_TIMEOUT_MS', '10'],
      ['GRAPHQL_MAX_BODY_BYTES', '12'],
      ['GRAPHQL_MAX_UPSTREAM_CALLS', '0'],
      ['GRAPHQL_MAX_UPSTREAM_CALLS', 'many'],
      ['GRAPHQL_MAX_DEPTH', '1'],
      ['GRAPHQL_MAX_DEPTH', '2.5'],
      ['GRAPHQL_MAX_ALIASES', '-1'],
      ['GRAPHQL_MAX_SELECTIONS', '9'],
      ['GRAPHQL_MAX_QUERY_BYTES', '999'],
      ['GRAPHQL_MAX_QUERY_BYTES', String(16 * 1024 * 1024 + 1)],
      ['GRAPHQL_MAX_TOKEN_LENGTH', '99'],
      ['METRICS_TOKEN', 'short'],
      ['METRICS_TOKEN', 'a token with spaces in it'],
      ['UPSTREAM_SCOPE', 'a'.repeat(301)],
      ['UPSTREAM_SCOPE', 'a\tb'],
    ])('refuses %s=%s naming the variable', (name, value) => {
      const error = configError({ [name]: value });
      expect(error.variable).toBe(name);
      expect(error.code).toBe('CONFIG_INVALID');
      expect(error.message.startsWith(`${name}:`)).toBe(true);
    });
  });

  describe('PERSON_ID_SECRET', () => {
    it('is the public development key outside production, when unset', () => {
      expect(loadConfig({}).personIdSecret).toBe(DEVELOPMENT_PERSON_ID_SECRET);
    });

    it('takes a secret of at least 32 characters and refuses a shorter one, naming the variable', () => {
      const secret = 'x'.repeat(32);
      expect(loadConfig({ PERSON_ID_SECRET: secret }).personIdSecret).toBe(secret);
      expect(() => loadConfig({ PERSON_ID_SECRET: 'x'.repeat(31) })).toThrow(expect.objectContaining({ variable: 'PERSON_ID_SECRET' }));
    });

    it('is never the development key in production: random per process with the demo sandbox', () => {
      const env = { NODE_ENV: 'production', GRAPHQL_AUTH: 'none', DEMO_SANDBOX: 'true' };
      const first = loadConfig(env).personIdSecret;
      expect(first).not.toBe(DEVELOPMENT_PERSON_ID_SECRET);
      expect(loadConfig(env).personIdSecret).not.toBe(first);
      expect(loadConfig({ ...env, PERSON_ID_SECRET: 'y'.repeat(40) }).personIdSecret).toBe('y'.repeat(40));
    });

    it('in production with the real upstream, is derived from its private key: the same on every replica, never the key itself', () => {
      const env = { NODE_ENV: 'production', GRAPHQL_AUTH: 'none', ...upstreamEnv };
      const derived = loadConfig(env).personIdSecret;
      expect(loadConfig(env).personIdSecret).toBe(derived);
      expect(derived).not.toBe(DEVELOPMENT_PERSON_ID_SECRET);
      expect(derived).not.toContain('PRIVATE KEY');
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      expect(loadConfig({ ...env, UPSTREAM_PRIVATE_KEY: other }).personIdSecret).not.toBe(derived);
    });
  });

  describe('GRAPHQL_API_KEYS', () => {
    it('lets everybody in as anonymous when unset', () => {
      expect(loadConfig({}).apiCallers).toEqual([]);
    });

    it('reads callerId:key pairs, keeping only a digest of each key', () => {
      const callers = loadConfig({ GRAPHQL_API_KEYS: 'web-app:0123456789abcdef0123, batch:fedcba9876543210xyz' }).apiCallers;
      expect(callers.map((caller) => caller.callerId)).toEqual(['web-app', 'batch']);
      expect(JSON.stringify(callers)).not.toContain('0123456789abcdef0123');
      expect(callers[0]?.keySha256).toHaveLength(32);
    });

    it.each([
      ['no separator', 'web-app'],
      ['a short key', 'web-app:short'],
      ['a bad caller id', 'web app:0123456789abcdef0123'],
      ['a repeated caller', 'a:0123456789abcdef0123,a:0123456789abcdef9999'],
      ['a repeated key', 'a:0123456789abcdef0123,b:0123456789abcdef0123'],
    ])('refuses %s without echoing keys', (_case, value) => {
      const error = configError({ GRAPHQL_API_KEYS: value });
      expect(error.variable).toBe('GRAPHQL_API_KEYS');
      expect(error.message).not.toContain('0123456789abcdef');
      expect(error.message).not.toContain('short');
    });
  });

  describe('callers and scopes', () => {
    it('reads scopes after a second colon and refuses an unknown scope without echoing the key', () => {
      const callers = loadConfig({
        GRAPHQL_API_KEYS: 'office:0123456789abcdef0123:proposals.all+registry.read,router:fedcba9876543210xyz:federation,web:aaaabbbbccccdddd0000',
      }).apiCallers;
      expect(callers.map((c) => [c.callerId, c.scopes])).toEqual([
        ['office', ['proposals.all', 'registry.read']],
        ['router', ['federation']],
        ['web', []],
      ]);
      const error = configError({ GRAPHQL_API_KEYS: 'office:0123456789abcdef0123:proposals.everything' });
      expect(error.variable).toBe('GRAPHQL_API_KEYS');
      expect(error.message).toContain('proposals.everything');
      expect(error.message).not.toContain('0123456789abcdef');
      expect(configError({ GRAPHQL_API_KEYS: 'a:0123456789abcdef0123:federation:x' }).variable).toBe('GRAPHQL_API_KEYS');
    });

    it('refuses to start production without caller authentication unless GRAPHQL_AUTH=none', () => {
      expect(configError({ NODE_ENV: 'production' }).variable).toBe('GRAPHQL_API_KEYS');
      expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_AUTH: 'none' }).authDisabled).toBe(true);
      expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_API_KEYS: 'a:0123456789abcdef0123' }).authDisabled).toBe(false);
      expect(configError({ GRAPHQL_AUTH: 'maybe' }).variable).toBe('GRAPHQL_AUTH');
    });

    it('takes JWT callers from all three JWT variables, with explicit JWKS timeout and cooldown', () => {
      const jwt = {
        GRAPHQL_JWKS_URL: 'https://id.example.com/.well-known/jwks.json',
        GRAPHQL_JWT_ISSUER: 'https://id.example.com/',
        GRAPHQL_JWT_AUDIENCE: 'credit-graph',
      };
      expect(loadConfig({}).jwt).toBeUndefined();
      expect(loadConfig(jwt).jwt).toEqual({
        jwksUrl: 'https://id.example.com/.well-known/jwks.json',
        issuer: 'https://id.example.com/',
        audience: 'credit-graph',
        timeoutMs: 3000,
        cooldownMs: 30_000,
      });
      expect(loadConfig({ ...jwt, GRAPHQL_JWKS_TIMEOUT_MS: '500', GRAPHQL_JWKS_COOLDOWN_MS: '0' }).jwt).toMatchObject({ timeoutMs: 500, cooldownMs: 0 });
      expect(configError({ GRAPHQL_JWKS_URL: jwt.GRAPHQL_JWKS_URL }).variable).toBe('GRAPHQL_JWT_ISSUER, GRAPHQL_JWT_AUDIENCE');
      expect(configError({ GRAPHQL_JWT_ISSUER: jwt.GRAPHQL_JWT_ISSUER, GRAPHQL_JWT_AUDIENCE: 'a' }).variable).toBe('GRAPHQL_JWKS_URL');
      expect(configError({ ...jwt, GRAPHQL_JWKS_URL: 'ftp://id.example.com/jwks' }).variable).toBe('GRAPHQL_JWKS_URL');
      expect(configError({ ...jwt, GRAPHQL_JWT_AUDIENCE: 'two values' }).variable).toBe('GRAPHQL_JWT_AUDIENCE');
      expect(configError({ ...jwt, GRAPHQL_JWKS_TIMEOUT_MS: '0' }).variable).toBe('GRAPHQL_JWKS_TIMEOUT_MS');
    });

    it('counts JWT callers as caller authentication for production', () => {
      const jwt = { GRAPHQL_JWKS_URL: 'https://id.example.com/jwks', GRAPHQL_JWT_ISSUER: 'https://id.example.com/', GRAPHQL_JWT_AUDIENCE: 'credit-graph' };
      expect(loadConfig({ NODE_ENV: 'production', ...jwt }).authDisabled).toBe(false);
      expect(configError({ NODE_ENV: 'production', GRAPHQL_JWKS_URL: jwt.GRAPHQL_JWKS_URL }).variable).toBe('GRAPHQL_JWT_ISSUER, GRAPHQL_JWT_AUDIENCE');
    });

    it('refuses production without the real upstream before anything else, naming the variables and the demo opt-in', () => {
      expect(() => checkProductionUpstreamEnv({ NODE_ENV: 'production' })).toThrow(/UPSTREAM_BASE_URL.*DEMO_SANDBOX=true/s);
      expect(() => checkProductionUpstreamEnv({ NODE_ENV: 'production', DEMO_SANDBOX: 'true' })).not.toThrow();
      expect(() => checkProductionUpstreamEnv({ NODE_ENV: 'production', UPSTREAM_BASE_URL: 'https://api.example' })).not.toThrow();
      expect(() => checkProductionUpstreamEnv({ NODE_ENV: 'development' })).not.toThrow();
    });
  });

  describe('the ledger', () => {
    it('defaults to the embedded PGlite under .data, with waits and lease longer than the upstream deadline', () => {
      expect(loadConfig({}).ledger).toEqual({
        databaseUrl: undefined,
        dataDir: '.data',
        waitMs: 5000,
        settleMs: 30_000,
        leaseMs: 60_000,
        reconcileIntervalMs: 30_000,
        connectTimeoutMs: 3000,
        statementTimeoutMs: 5000,
        idleTimeoutMs: 10_000,
        keepAliveMs: 10_000,
      });
      expect(loadConfig({ UPSTREAM_TIMEOUT_MS: '45000' }).ledger).toMatchObject({ settleMs: 45_000, leaseMs: 90_000 });
    });

    it('takes a postgres URL and refuses anything else without echoing it', () => {
      expect(loadConfig({ DATABASE_URL: 'postgres://u:secret@db:5432/ledger' }).ledger.databaseUrl).toBe('postgres://u:secret@db:5432/ledger');
      const error = configError({ DATABASE_URL: 'mysql://u:secret@db/ledger' });
      expect(error.variable).toBe('DATABASE_URL');
      expect(error.message).not.toContain('secret');
    });

    it('reads its connection timeouts and keepalive, each with the default the reference gives', () => {
      const reference = readFileSync('docs/configuration.md', 'utf8');
      const documentedDefault = (variable: string): number => Number(new RegExp(`^\\| \`${variable}\` \\| \`(\\d+)\``, 'm').exec(reference)?.[1]);
      const { ledger } = loadConfig({});
      expect({
        LEDGER_CONNECT_TIMEOUT_MS: ledger.connectTimeoutMs,
        LEDGER_STATEMENT_TIMEOUT_MS: ledger.statementTimeoutMs,
        LEDGER_IDLE_TIMEOUT_MS: ledger.idleTimeoutMs,
        LEDGER_KEEPALIVE_MS: ledger.keepAliveMs,
      }).toEqual({
        LEDGER_CONNECT_TIMEOUT_MS: documentedDefault('LEDGER_CONNECT_TIMEOUT_MS'),
        LEDGER_STATEMENT_TIMEOUT_MS: documentedDefault('LEDGER_STATEMENT_TIMEOUT_MS'),
        LEDGER_IDLE_TIMEOUT_MS: documentedDefault('LEDGER_IDLE_TIMEOUT_MS'),
        LEDGER_KEEPALIVE_MS: documentedDefault('LEDGER_KEEPALIVE_MS'),
      });
      expect(
        loadConfig({ LEDGER_CONNECT_TIMEOUT_MS: '250', LEDGER_STATEMENT_TIMEOUT_MS: '750', LEDGER_IDLE_TIMEOUT_MS: '2000', LEDGER_KEEPALIVE_MS: '1500' })
          .ledger,
      ).toMatchObject({
        connectTimeoutMs: 250,
        statementTimeoutMs: 750,
        idleTimeoutMs: 2000,
        keepAliveMs: 1500,
      });
      expect(configError({ LEDGER_STATEMENT_TIMEOUT_MS: '0' }).variable).toBe('LEDGER_STATEMENT_TIMEOUT_MS');
    });

    it('gives writes in flight a shutdown grace longer than the upstream deadline (reference: UPSTREAM_TIMEOUT_MS + 5000, 15000)', () => {
      expect(readFileSync('docs/configuration.md', 'utf8')).toMatch(/^\| `SHUTDOWN_GRACE_MS` \| `UPSTREAM_TIMEOUT_MS` \+ 5000 \(`15000`\) \|/m);
      expect(loadConfig({}).shutdownGraceMs).toBe(15_000);
      expect(loadConfig({ UPSTREAM_TIMEOUT_MS: '30000' }).shutdownGraceMs).toBe(35_000);
      expect(loadConfig({ SHUTDOWN_GRACE_MS: '12000' }).shutdownGraceMs).toBe(12_000);
      expect(configError({ UPSTREAM_TIMEOUT_MS: '20000', SHUTDOWN_GRACE_MS: '20000' }).variable).toBe('SHUTDOWN_GRACE_MS');
    });

    it('refuses a settle time or a lease shorter than the upstream deadline', () => {
      expect(configError({ UPSTREAM_TIMEOUT_MS: '20000', LEDGER_SETTLE_MS: '10000' }).variable).toBe('LEDGER_SETTLE_MS');
      expect(configError({ UPSTREAM_TIMEOUT_MS: '20000', LEDGER_LEASE_MS: '20000' }).variable).toBe('LEDGER_LEASE_MS');
    });
  });

  describe('the partner tail', () => {
    it('hedges a read after a third of the deadline and opens the breaker at 5 failures in 30 s for 15 s, by default', () => {
      expect(loadConfig({}).upstreamLimits).toMatchObject({ hedgeAfterMs: 3333, breaker: { failureThreshold: 5, windowMs: 30_000, coolDownMs: 15_000 } });
      expect(loadConfig({ UPSTREAM_TIMEOUT_MS: '3000' }).upstreamLimits.hedgeAfterMs).toBe(1000);
    });

    it('reads UPSTREAM_HEDGE_AFTER_MS and UPSTREAM_BREAKER_*, 0 turning each off', () => {
      const env = { UPSTREAM_HEDGE_AFTER_MS: '800', UPSTREAM_BREAKER_FAILURES: '3', UPSTREAM_BREAKER_WINDOW_MS: '5000', UPSTREAM_BREAKER_COOLDOWN_MS: '2000' };
      expect(loadConfig(env).upstreamLimits).toMatchObject({ hedgeAfterMs: 800, breaker: { failureThreshold: 3, windowMs: 5000, coolDownMs: 2000 } });
      expect(loadConfig({ UPSTREAM_HEDGE_AFTER_MS: '0', UPSTREAM_BREAKER_FAILURES: '0' }).upstreamLimits).toMatchObject({
        hedgeAfterMs: undefined,
        breaker: undefined,
      });
      expect(configError({ UPSTREAM_BREAKER_FAILURES: '1001' }).variable).toBe('UPSTREAM_BREAKER_FAILURES');
      expect(configError({ UPSTREAM_BREAKER_WINDOW_MS: '99' }).variable).toBe('UPSTREAM_BREAKER_WINDOW_MS');
      expect(configError({ UPSTREAM_BREAKER_COOLDOWN_MS: 'soon' }).variable).toBe('UPSTREAM_BREAKER_COOLDOWN_MS');
    });

    it('moves a call to the overdue pool after 3 x the measured p99, within 1 s and 5 s, by default; a factor of 0 fixes it, an after of 0 turns the pool off', () => {
      expect(loadConfig({}).upstreamLimits.overdue).toEqual({ afterMs: 1000, maxCalls: 16, latency: { factor: 3, maxAfterMs: 5000, windowMs: 60_000 } });
      expect(
        loadConfig({ UPSTREAM_OVERDUE_AFTER_MS: '2500', UPSTREAM_OVERDUE_LATENCY_FACTOR: '0', UPSTREAM_MAX_OVERDUE_CALLS: '4' }).upstreamLimits.overdue,
      ).toEqual({
        afterMs: 2500,
        maxCalls: 4,
      });
      expect(loadConfig({ UPSTREAM_OVERDUE_AFTER_MS: '0' }).upstreamLimits.overdue).toBeUndefined();
      const env = { UPSTREAM_OVERDUE_LATENCY_FACTOR: '5', UPSTREAM_OVERDUE_MAX_AFTER_MS: '8000', UPSTREAM_OVERDUE_WINDOW_MS: '30000' };
      expect(loadConfig(env).upstreamLimits.overdue).toEqual({ afterMs: 1000, maxCalls: 16, latency: { factor: 5, maxAfterMs: 8000, windowMs: 30_000 } });
    });

    it('refuses an overdue ceiling under its floor or at the deadline', () => {
      expect(configError({ UPSTREAM_OVERDUE_AFTER_MS: '3000', UPSTREAM_OVERDUE_MAX_AFTER_MS: '2999' }).variable).toBe('UPSTREAM_OVERDUE_MAX_AFTER_MS');
      expect(configError({ UPSTREAM_TIMEOUT_MS: '5000', UPSTREAM_OVERDUE_MAX_AFTER_MS: '5000' }).variable).toBe('UPSTREAM_OVERDUE_MAX_AFTER_MS');
      expect(
        loadConfig({ UPSTREAM_TIMEOUT_MS: '5000', UPSTREAM_OVERDUE_MAX_AFTER_MS: '5000', UPSTREAM_OVERDUE_LATENCY_FACTOR: '0' }).upstreamLimits.overdue,
      ).toEqual({
        afterMs: 1000,
        maxCalls: 16,
      });
      // Unset, the ceiling is half the deadline.
      expect(loadConfig({ UPSTREAM_TIMEOUT_MS: '3000' }).upstreamLimits.overdue).toMatchObject({ latency: { maxAfterMs: 1500 } });
      expect(configError({ UPSTREAM_OVERDUE_LATENCY_FACTOR: '2.5' }).variable).toBe('UPSTREAM_OVERDUE_LATENCY_FACTOR');
    });

    it('refuses a hedge that would come at or after the deadline', () => {
      expect(configError({ UPSTREAM_TIMEOUT_MS: '2000', UPSTREAM_HEDGE_AFTER_MS: '2000' }).variable).toBe('UPSTREAM_HEDGE_AFTER_MS');
      expect(loadConfig({ UPSTREAM_TIMEOUT_MS: '2000', UPSTREAM_HEDGE_AFTER_MS: '1999' }).upstreamLimits.hedgeAfterMs).toBe(1999);
    });
  });

  describe('the result', () => {
    it('is frozen all the way down', () => {
      const config = loadConfig({ GRAPHQL_API_KEYS: 'web:0123456789abcdef0123:registry.read', READ_CACHE_POLICIES: 'ConsultarDetalhes=2/10/120' });
      const mutate = (apply: () => void): void => expect(apply).toThrow(TypeError);
      mutate(() => Object.assign(config, { port: 1 }));
      mutate(() => Object.assign(config.ledger, { waitMs: 1 }));
      mutate(() => Object.assign(config.upstreamLimits.breaker ?? {}, { failureThreshold: 1 }));
      mutate(() => Object.assign(config.sharing.callerBudgets.defaults, { restoreRate: 1 }));
      mutate(() => Object.assign(config.sharing.policies, { ConsultaProposta: {} }));
      mutate(() => (config.corsOrigins as string[]).push('https://evil.example'));
      mutate(() => (config.apiCallers[0]?.scopes as string[]).push('proposals.all'));
      expect(config.port).toBe(4000);
    });

    it('treats blank values as unset and ignores variables it does not declare', () => {
      expect(loadConfig({ PORT: '  ', LOG_LEVEL: '', SOMETHING_ELSE: 'x' })).toMatchObject({ port: 4000, logLevel: 'info' });
    });
  });

  describe('secrets', () => {
    it.each([
      ['GRAPHQL_API_KEYS', 'a:s3cr3t-s3cr3t-s3cr3t:nope'],
      ['PERSON_ID_SECRET', 's3cr3t-short'],
      ['METRICS_TOKEN', 's3cr3t token'],
      ['DATABASE_URL', 'mysql://u:s3cr3t@db/x'],
      ['REDIS_URL', 'http://u:s3cr3t@cache'],
      ['UPSTREAM_PRIVATE_KEY', '/no/such/s3cr3t.pem'],
    ])('refuses a bad %s without echoing its value', (name, value) => {
      const error = configError({ ...upstreamEnv, [name]: value });
      expect(error.variable).toBe(name);
      expect(error.message).not.toContain('s3cr3t');
    });
  });

  describe('the upstream group', () => {
    it('uses the embedded sandbox when no connection variable is set, even with tuning variables', () => {
      expect(loadConfig({ UPSTREAM_SCOPE: 'x', UPSTREAM_TIMEOUT_MS: '2000' }).upstream).toBeUndefined();
    });

    it('reads the real upstream when every connection variable is set, trimming trailing slashes', () => {
      const upstream = loadConfig(upstreamEnv).upstream;
      expect(upstream).toMatchObject({
        baseUrl: 'https://api.example.com',
        environmentUrl: 'https://env.example.com',
        authUrl: 'https://auth.example.com',
        clientId: 'partner-1',
      });
      expect(upstream?.privateKeyPem).toContain('-----BEGIN PRIVATE KEY-----');
    });

    it('refuses a partial group, naming the missing variables', () => {
      const { UPSTREAM_AUTH_URL: _auth, UPSTREAM_PRIVATE_KEY: _key, ...partial } = upstreamEnv;
      const error = configError(partial);
      expect(error.variable).toBe('UPSTREAM_AUTH_URL, UPSTREAM_PRIVATE_KEY');
    });

    it('refuses a URL that is not http(s) or carries credentials', () => {
      expect(configError({ ...upstreamEnv, UPSTREAM_BASE_URL: 'ftp://api.example.com' }).variable).toBe('UPSTREAM_BASE_URL');
      expect(configError({ ...upstreamEnv, UPSTREAM_AUTH_URL: 'https://user:pw@auth.example.com' }).variable).toBe('UPSTREAM_AUTH_URL');
      expect(configError({ ...upstreamEnv, UPSTREAM_ENVIRONMENT_URL: 'not a url' }).variable).toBe('UPSTREAM_ENVIRONMENT_URL');
    });

    it('accepts the private key as a path to a PEM file', () => {
      const dir = mkdtempSync(join(tmpdir(), 'credit-graph-config-'));
      try {
        const path = join(dir, 'key.pem');
        writeFileSync(path, pkcs8);
        expect(loadConfig({ ...upstreamEnv, UPSTREAM_PRIVATE_KEY: path }).upstream?.privateKeyPem).toBe(pkcs8);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('accepts PEM text with escaped newlines and converts PKCS#1 to PKCS#8', () => {
      const escaped = pkcs1.replace(/\n/g, '\\n');
      expect(loadConfig({ ...upstreamEnv, UPSTREAM_PRIVATE_KEY: escaped }).upstream?.privateKeyPem).toBe(pkcs8);
    });

    it('refuses a broken key without echoing it', () => {
      const broken = pkcs8.replace(/[A-Za-z0-9+/]{20}\n/, 'SECRETSECRET\n');
      const error = configError({ ...upstreamEnv, UPSTREAM_PRIVATE_KEY: broken });
      expect(error.variable).toBe('UPSTREAM_PRIVATE_KEY');
      expect(error.message).not.toContain('SECRETSECRET');
      expect(error.message).not.toContain('BEGIN');
    });

    it('refuses a path that does not exist without echoing it', () => {
      const error = configError({ ...upstreamEnv, UPSTREAM_PRIVATE_KEY: '/nonexistent/secret-key.pem' });
      expect(error.variable).toBe('UPSTREAM_PRIVATE_KEY');
      expect(error.message).not.toContain('secret-key');
    });

    it('refuses a key that is not RSA', () => {
      const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      expect(configError({ ...upstreamEnv, UPSTREAM_PRIVATE_KEY: ec }).variable).toBe('UPSTREAM_PRIVATE_KEY');
    });
  });
});
