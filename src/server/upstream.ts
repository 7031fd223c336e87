import { type UpstreamLimits, type UpstreamSettings } from '../config.js';
import { type UpstreamClientOptions } from '../upstream/index.js';

/** Where the upstream client connects: the real upstream from the config, or the embedded sandbox. */
export type UpstreamConnection = UpstreamSettings;

/** The upstream client's options from a connection and the configured limits. */
export function upstreamClientOptions(connection: UpstreamConnection, limits: UpstreamLimits): UpstreamClientOptions {
  return {
    baseUrl: connection.baseUrl,
    environmentUrl: connection.environmentUrl,
    authUrl: connection.authUrl,
    clientId: connection.clientId,
    privateKeyPem: connection.privateKeyPem,
    scope: limits.scope,
    timeouts: { deadlineMs: limits.timeoutMs },
    rateLimit: {
      requestsPerSecond: limits.requestsPerSecond,
      burst: limits.burst,
      maxConcurrent: limits.maxConcurrent,
      maxWaitMs: limits.maxWaitMs,
    },
  };
}
