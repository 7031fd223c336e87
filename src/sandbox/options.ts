/*
 * The sandbox's public shapes: what `createSandbox` takes and answers. A leaf, so that every room
 * of the sandbox can name them without importing the listener.
 */

/** A client allowed to request tokens: its id and the PEM (SPKI) of its RSA public key. */
export interface SandboxClient {
  clientId: string;
  publicKeyPem: string;
}

/** Options of `createSandbox`. */
export interface SandboxOptions {
  /** Port to listen on; default 0 (ephemeral). */
  port?: number;
  /** Host to listen on; default '127.0.0.1'. */
  host?: string;
  /** Seed of ids and fault dice; default 1. */
  seed?: number;
  /** Pins the business clock (default: wall clock). */
  now?: Date;
  /** Registered clients (public keys for the client assertion). */
  clients?: SandboxClient[];
  /** When set, demo data is created owned by this client id. */
  demoOwner?: string;
  /**
   * A file the sandbox keeps its state in across restarts, as the partner keeps its own: read at
   * start (ids, clock and replay cache continue; no demo data is created again), written after every
   * change. Unset: in memory, gone at close.
   */
  stateFile?: string;
  /** expires_in of issued tokens, in seconds of wall-clock time; default 3600. */
  tokenTtlSeconds?: number;
  /** Log sink; default silent. Never receives keys or tokens. */
  log?: (line: string) => void;
  /** Largest accepted operation body in bytes; default 16 MiB (larger bodies get 413). */
  maxBodyBytes?: number;
  /**
   * How long the credit analysis of a new proposal takes, in milliseconds of the sandbox clock;
   * default 10 s (`DEFAULT_ANALYSIS_DELAY_MS`). 0 concludes it at the next request.
   */
  analysisDelayMs?: number;
}

/** A demo proposal created at start (and on reset) when `demoOwner` is set. */
export interface DemoProposal {
  id: string;
  number: number;
  operationCode: string;
  situation: number;
  label: string;
}

/** A running sandbox. */
export interface Sandbox {
  /** 'http://127.0.0.1:PORT' */
  url: string;
  /** = url; operations at `${baseUrl}/Proposta/...` etc. */
  baseUrl: string;
  /** = url; token endpoint `${authUrl}/connect/token` (the assertion's aud). */
  authUrl: string;
  /** `${url}/environment`; CancelarProposta at `${environmentUrl}/FGTS/CancelarProposta`. */
  environmentUrl: string;
  /** Empty unless demoOwner. */
  demo: DemoProposal[];
  close(): Promise<void>;
}

/** Call counters of `GET /_sandbox/calls`. */
export interface CallStats {
  total: number;
  operations: Record<string, number>;
  maxInFlight: number;
  tokenRequests: number;
}
