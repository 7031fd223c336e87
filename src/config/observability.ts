/** The observability variables, a group of the environment's schema (src/config/schema.ts). */
import { httpUrl, oneOf, text, token } from './parsers.js';
import { setting } from './setting.js';

/** Logs, metrics and traces. */
export const observability = {
  LOG_LEVEL: setting(oneOf(['debug', 'info', 'warn', 'error', 'silent'], { anyCase: true }), {
    default: 'info',
    description: 'JSON lines from pino on stdout; never secrets or personal data (error messages, which may quote input, only at `debug`, redacted).',
  }),
  METRICS_TOKEN: setting(token(16, 512, 'openssl rand -hex 32'), {
    secret: true,
    description:
      'When set, `GET /metrics` requires `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time; 401 `UNAUTHENTICATED` otherwise). Unset: `/metrics` is open; keep it off the public network.',
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: setting(httpUrl(), {
    description:
      'OpenTelemetry collector (OTLP over HTTP, e.g. `http://otel-collector:4318`); spans go to `${endpoint}/v1/traces`. Unset: no tracing, and the SDK is not even loaded. The exporter also reads the standard `OTEL_EXPORTER_OTLP_HEADERS`.',
  }),
  OTEL_SERVICE_NAME: setting(text({ max: 200 }), { default: 'credit-graph', description: '`service.name` of the spans.' }),
};
