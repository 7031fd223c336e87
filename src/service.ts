/**
 * What `npm start` runs, assembled: the embedded sandbox when no upstream is configured (its demo
 * proposals adopted in development), the upstream client, the app listening on `config.port`, and
 * the start-up banner. main.ts reads the config, calls {@link startService} and handles signals.
 * The server's modules are loaded on demand (main.ts turns V8's compile cache on first).
 */
import { join } from 'node:path';
import { type Config, ConfigError, productionUpstreamError } from './config/index.js';
import { type Ledger } from './ledger/index.js';
import { type Sandbox } from './sandbox/server.js';
import { type App, type Listening } from './server/app.js';
import { type Logger } from './server/logger.js';
import { type Metrics } from './server/metrics.js';
import { type Tracing } from './server/tracing.js';
import { type ConnectedUpstream, type UpstreamConnection } from './server/upstream.js';
import { type UpstreamClient } from './upstream/index.js';

/** Client id of the embedded sandbox's demo integration; the demo data belongs to it. */
export const DEMO_CLIENT_ID = 'credit-graph-demo';

/** The running service: the graph, its upstream client and, without a configured upstream, the embedded sandbox. */
export interface Service {
  /** Where the graph listens. */
  http: Listening;
  /** The graph's app (its fastify instance, readiness, metrics). */
  app: App;
  upstream: UpstreamClient;
  /** The embedded sandbox; undefined when the real upstream is configured. */
  sandbox: Sandbox | undefined;
  /** What `npm start` prints: the URLs and the demo proposals. */
  banner: string;
  /**
   * Stops in order: stops accepting, lets requests and writes in flight finish for up to
   * SHUTDOWN_GRACE_MS (a write still running then is left in doubt in the ledger, its lease
   * released), closes the ledger, then the upstream client and Redis, then the sandbox.
   */
  close(): Promise<void>;
}

/** Where the embedded sandbox keeps its state: under DATA_DIR, beside the embedded ledger (`npm run reset` removes both). */
export function sandboxStateFile(config: Config): string {
  return join(config.ledger.dataDir, 'sandbox', 'state.json');
}

/** Starts the embedded sandbox with a fresh key pair registered for the demo client. */
async function startEmbeddedSandbox(config: Config, logger: Logger): Promise<{ sandbox: Sandbox; connection: UpstreamConnection }> {
  const { exportPKCS8, exportSPKI, generateKeyPair } = await import('jose');
  const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const publicKeyPem = await exportSPKI(publicKey);
  const privateKeyPem = await exportPKCS8(privateKey);
  const sandboxLogger = logger.child({ component: 'sandbox' });
  // Loaded only here: a service pointed at the real upstream never loads the sandbox's code.
  const { createSandbox } = await import('./sandbox/server.js');
  const sandbox = await createSandbox({
    port: config.sandboxPort,
    clients: [{ clientId: DEMO_CLIENT_ID, publicKeyPem }],
    demoOwner: DEMO_CLIENT_ID,
    // Beside the embedded ledger: the twin keeps its proposals across restarts as the partner does, so the ledger never names one it lost.
    stateFile: sandboxStateFile(config),
    analysisDelayMs: config.sandboxAnalysisMs,
    log: (line) => sandboxLogger.debug(line),
  }).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'SandboxStateError') {
      throw new ConfigError('DATA_DIR', error.message);
    }
    throw portError(error, 'SANDBOX_PORT', config.sandboxPort);
  });
  return {
    sandbox,
    connection: {
      baseUrl: sandbox.baseUrl,
      environmentUrl: sandbox.environmentUrl,
      authUrl: sandbox.authUrl,
      clientId: DEMO_CLIENT_ID,
      privateKeyPem,
    },
  };
}

/**
 * Refuses a production start-up that would serve the demo sandbox by accident: production needs the
 * real upstream, or the explicit DEMO_SANDBOX=true.
 */
export function checkProductionUpstream(config: Config): void {
  if (config.nodeEnv === 'production' && config.upstream === undefined && !config.demoSandbox) {
    throw productionUpstreamError();
  }
}

/** What {@link startService} may be given besides the config and the logger. */
export interface ServiceOptions {
  /** Metrics of the service (default: a fresh registry without process metrics). */
  metrics?: Metrics;
  /** Tracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set (see {@link startTracing}). */
  tracing?: Tracing;
}

/** Loads the OpenTelemetry SDK and builds tracing when the config asks for it; undefined otherwise. */
export async function startTracing(config: Config): Promise<Tracing | undefined> {
  if (config.tracing.endpoint === undefined) {
    return undefined;
  }
  // Loaded only here: without an endpoint the service never loads the SDK.
  const { createTracing } = await import('./server/tracing.js');
  return createTracing({ endpoint: config.tracing.endpoint, serviceName: config.tracing.serviceName });
}

/**
 * Starts everything `npm start` runs: the embedded sandbox when no upstream is configured, the
 * upstream client, the graph on `config.port`. On failure, whatever started is stopped again.
 */
export async function startService(config: Config, logger: Logger, options: ServiceOptions = {}): Promise<Service> {
  checkProductionUpstream(config);
  const [{ createApp, listen }, { openLedger }, { createMetrics }, { partnerLogObserver }, { connectUpstream }, { combineObservers }] = await Promise.all([
    import('./server/app.js'),
    import('./server/graph.js'),
    import('./server/metrics.js'),
    import('./server/observability.js'),
    import('./server/upstream.js'),
    import('./upstream/index.js'),
  ]);
  let sandbox: Sandbox | undefined;
  let upstream: ConnectedUpstream | undefined;
  let demoLedger: Awaited<ReturnType<typeof openLedger>> | undefined;
  const metrics = options.metrics ?? createMetrics();
  try {
    let connection = config.upstream;
    if (connection === undefined) {
      const embedded = await startEmbeddedSandbox(config, logger);
      sandbox = embedded.sandbox;
      connection = embedded.connection;
      if (config.nodeEnv === 'development') {
        // The demo proposals are the development caller's own, so "My proposals" shows them from the first start.
        demoLedger = await openLedger(config);
        await adoptDemo(demoLedger.ledger, sandbox);
      }
    }
    const observer = combineObservers(metrics.upstream, partnerLogObserver(logger), options.tracing?.upstream);
    const connected = await connectUpstream(config, connection, {
      logger,
      observer,
      onDegraded: (event) => metrics.sharedStateDegraded(event.component, event.degraded),
    });
    const client = connected.client;
    upstream = connected;
    // The first partner token is fetched while the ledger opens and the schema is built, not by the
    // first request. A failure here is the first request's to retry (as without this warm-up).
    client.checkAuth().catch(() => undefined);
    const app = await createApp(config, {
      upstream: client,
      state: connected.state,
      logger,
      metrics,
      ...(options.tracing === undefined ? {} : { tracing: options.tracing }),
      ...(sandbox === undefined ? {} : { explorer: { placeholders: demoPlaceholders(sandbox) } }),
      ...(demoLedger === undefined ? {} : { ledger: demoLedger.ledger, access: { store: demoLedger.access, journalDir: config.audit.journalDir } }),
    });
    const http = await listen(app, { port: config.port, host: config.host }).catch((error: unknown) => {
      throw portError(error, 'PORT', config.port);
    });
    const embedded = sandbox;
    const ledgerOpened = demoLedger;
    let closing: Promise<void> | undefined;
    return {
      http,
      app,
      upstream: client,
      sandbox: embedded,
      banner: banner(config, http, embedded),
      close() {
        closing ??= (async () => {
          await app.close(config.shutdownGraceMs);
          await ledgerOpened?.close();
          await connected.close();
          await embedded?.close();
          await options.tracing?.shutdown();
        })();
        return closing;
      },
    };
  } catch (error) {
    await demoLedger?.close();
    await upstream?.close();
    await sandbox?.close();
    throw error;
  }
}

/**
 * Records the embedded sandbox's demo proposals in the ledger as the caller of a development graph
 * without configured callers (`anonymous`), with their `DEMO-...` operation codes (once: repeats add nothing).
 */
async function adoptDemo(ledger: Ledger, sandbox: Sandbox): Promise<void> {
  // Already loaded by the graph's assembly.
  const { ANONYMOUS_CALLER } = await import('./server/types.js');
  await ledger.adoptProposals(
    ANONYMOUS_CALLER,
    sandbox.demo.map((proposal) => ({ proposalId: proposal.id, number: proposal.number, operationCode: proposal.operationCode })),
  );
}

/** The README's placeholders (`<disbursed id>`, ...) with the embedded sandbox's demo ids, for the explorer. */
function demoPlaceholders(sandbox: Sandbox): Record<string, string> {
  return Object.fromEntries(sandbox.demo.map((proposal) => [`<${proposal.label} id>`, proposal.id]));
}

/** The start-up text: where the graph is, where the sandbox is, the demo proposals. */
function banner(config: Config, http: Listening, sandbox: Sandbox | undefined): string {
  const lines = ['', `The credit graph:  ${http.graphqlUrl}`];
  if (config.landingPage) {
    lines.push('                   open it in a browser for GraphiQL (offline), or add ?explorer=apollo for Apollo Sandbox (online)');
  }
  if (sandbox === undefined) {
    lines.push(`Upstream:          ${config.upstream?.baseUrl ?? ''}`);
  } else {
    lines.push(
      `Embedded sandbox:  ${sandbox.url}   (its state is kept under DATA_DIR; npm run reset empties it with the ledger)`,
      `  admin page:      ${sandbox.url}/_sandbox/   (approve, reject, disburse, move the clock, faults)`,
      `  OpenAPI:         ${sandbox.url}/_sandbox/openapi.json (partner)   ${sandbox.url}/_sandbox/admin/openapi.json (admin)`,
      '',
      config.nodeEnv === 'development' ? 'Demo proposals (the development caller\'s "My proposals"):' : 'Demo proposals (owned by the demo client):',
      ...sandbox.demo.map(
        (proposal) =>
          `  ${proposal.label.padEnd(21)} id ${proposal.id}  number ${String(proposal.number).padEnd(8)} situation ${String(proposal.situation).padEnd(3)} ${proposal.operationCode}`,
      ),
    );
  }
  lines.push('', 'Ctrl-C stops everything.', '');
  return lines.join('\n');
}

/** Turns "address in use" into a ConfigError naming the variable that chose the port. */
function portError(error: unknown, variable: string, port: number): unknown {
  // Duck-typed: errors of node core may come from another realm (test runners' VM contexts).
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    return new ConfigError(variable, `port ${port} is not available (${code})`);
  }
  return error;
}
