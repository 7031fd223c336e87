/**
 * Where the contract suite runs: always against a sandbox on port 0, and also against the real
 * upstream when CONTRACT_TARGET=real and the UPSTREAM_* settings are present.
 */
import { randomUUID } from 'node:crypto';
import { readPrivateKey } from '../../../src/upstream/auth.js';
import { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from '../../../src/upstream/client.js';
import { generateTestClient, type SandboxAdmin, startTestSandbox } from '../../helpers/sandbox.js';

export type TargetKind = 'sandbox' | 'real';

export interface ContractTarget {
  kind: TargetKind;
  options: UpstreamClientOptions;
  client: UpstreamClient;
  /** Sandbox only: the admin API. */
  admin?: SandboxAdmin;
  /** Sandbox only: a second integration, for ownership checks. */
  otherClient?: UpstreamClient;
  close(): Promise<void>;
}

const REAL_SETTINGS = ['UPSTREAM_BASE_URL', 'UPSTREAM_ENVIRONMENT_URL', 'UPSTREAM_AUTH_URL', 'UPSTREAM_CLIENT_ID', 'UPSTREAM_PRIVATE_KEY'] as const;
/**
 * Test data of the partner's test environment. The suite never sends generated CPF/CNPJ numbers to
 * the real upstream: they could belong to real people, and the bureau look-ups would query them.
 */
const REAL_DATA = ['CONTRACT_CLIENT_DOCUMENT', 'CONTRACT_BUREAU_CNPJ'] as const;

/** The targets of this run; logs why the real upstream is skipped. */
export function contractTargets(): TargetKind[] {
  const wantsReal = process.env.CONTRACT_TARGET === 'real';
  const missing = [...REAL_SETTINGS, ...REAL_DATA].filter((name) => !process.env[name]);
  if (wantsReal && missing.length === 0) {
    return ['sandbox', 'real'];
  }
  console.log(
    wantsReal
      ? `contract suite: real upstream skipped, missing ${missing.join(', ')}`
      : `contract suite: real upstream skipped (set CONTRACT_TARGET=real and ${[...REAL_SETTINGS, ...REAL_DATA].join(', ')} to run it)`,
  );
  return ['sandbox'];
}

const TIMEOUTS = { connectMs: 5000, headersMs: 20_000, bodyMs: 20_000, deadlineMs: 25_000 };

export async function openTarget(kind: TargetKind): Promise<ContractTarget> {
  if (kind === 'real') {
    const env = process.env;
    // Accepts PEM text or a path, like the service's configuration.
    readPrivateKey(env.UPSTREAM_PRIVATE_KEY ?? '');
    const options: UpstreamClientOptions = {
      baseUrl: env.UPSTREAM_BASE_URL ?? '',
      environmentUrl: env.UPSTREAM_ENVIRONMENT_URL ?? '',
      authUrl: env.UPSTREAM_AUTH_URL ?? '',
      clientId: env.UPSTREAM_CLIENT_ID ?? '',
      privateKeyPem: env.UPSTREAM_PRIVATE_KEY ?? '',
      scope: env.UPSTREAM_SCOPE ?? 'bmp.digital.api.full.access',
      timeouts: TIMEOUTS,
      // The provider asks for about one request per second.
      rateLimit: { requestsPerSecond: 1, burst: 1, maxConcurrent: 1, maxWaitMs: 60_000 },
    };
    const client = createUpstreamClient(options);
    return { kind, options, client, close: () => client.close() };
  }
  const started = await startTestSandbox();
  const sandbox = started.sandbox;
  const options: UpstreamClientOptions = {
    baseUrl: sandbox.baseUrl,
    environmentUrl: sandbox.environmentUrl,
    authUrl: sandbox.authUrl,
    clientId: started.client.clientId,
    privateKeyPem: started.client.privateKeyPem,
    scope: 'bmp.digital.api.full.access',
    timeouts: TIMEOUTS,
  };
  const other = await generateTestClient(`other-${randomUUID()}`);
  await started.admin.registerClient(other.clientId, other.publicKeyPem);
  const client = createUpstreamClient(options);
  const otherClient = createUpstreamClient({ ...options, clientId: other.clientId, privateKeyPem: other.privateKeyPem });
  return {
    kind,
    options,
    client,
    admin: started.admin,
    otherClient,
    close: async () => {
      await Promise.all([client.close(), otherClient.close()]);
      await started.close();
    },
  };
}

/** A valid CPF built from `seed` (check digits computed; never all-equal digits). */
export function validCpf(seed: number): string {
  const base = String(100_000_000 + (Math.abs(Math.floor(seed)) % 800_000_000))
    .slice(0, 9)
    .split('')
    .map(Number);
  const digit = (digits: number[]): number => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  return [...base, d1, d2].join('');
}
