/**
 * OpenTelemetry traces: one span per GraphQL operation (the HTTP request that carries it) and one
 * child span per partner call, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 *
 * Attributes carry operation names and types, partner operation names, outcomes as codes and HTTP
 * statuses: never variables, the document (its literals may hold a CPF), a response, a token or a
 * caller's key. `main.ts` imports this module only when tracing is configured, so a service without
 * it never loads the SDK.
 */
import { type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { context, type Span, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { type UpstreamObserver } from '../upstream/index.js';
import { errorCodes } from './observability.js';

/** What the app needs of tracing; {@link createTracing} builds it. */
export interface Tracing {
  /** Records a span per partner call, as a child of the span active when the call ends. */
  readonly upstream: Partial<UpstreamObserver>;
  /** Runs one GraphQL HTTP request inside its span (so partner calls made for it become its children). */
  inRequestSpan<T>(run: () => Promise<T>, status: (result: T) => number): Promise<T>;
  /** Names the request's span after its operation and records its outcome. */
  plugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext>;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

/** Options of {@link createTracing}. */
export interface TracingOptions {
  /** OTLP/HTTP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `${endpoint}/v1/traces`. */
  endpoint?: string;
  /** Where spans go instead of OTLP (tests pass an InMemorySpanExporter; it is exported at once). */
  exporter?: SpanExporter;
  /** `service.name` of the resource (OTEL_SERVICE_NAME), default `credit-graph`. */
  serviceName?: string;
}

/** Name of the tracer (the instrumentation scope). */
export const TRACER_NAME = 'credit-graph';

let contextManagerInstalled = false;

/**
 * A tracer provider of the service's own (not registered globally, so tests may build several),
 * with the AsyncLocalStorage context manager installed once per process for span parenting.
 */
export function createTracing(options: TracingOptions): Tracing {
  if (!contextManagerInstalled) {
    // Returns false when another context manager is already installed: that one propagates too.
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    contextManagerInstalled = true;
  }
  const exporter = options.exporter ?? new OTLPTraceExporter({ url: `${(options.endpoint ?? 'http://localhost:4318').replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName ?? 'credit-graph' }),
    spanProcessors: [options.exporter === undefined ? new BatchSpanProcessor(exporter) : new SimpleSpanProcessor(exporter)],
  });
  const tracer: Tracer = provider.getTracer(TRACER_NAME);

  return {
    upstream: {
      call(event) {
        const span = tracer.startSpan(
          `upstream ${event.operation}`,
          {
            kind: SpanKind.CLIENT,
            startTime: event.startedAtMs,
            attributes: {
              'upstream.operation': event.operation,
              'upstream.write': event.write,
              'upstream.outcome': event.outcome,
              ...(event.status === undefined ? {} : { 'http.response.status_code': event.status }),
            },
          },
          context.active(),
        );
        if (event.outcome !== 'ok') {
          span.setStatus({ code: SpanStatusCode.ERROR, message: event.outcome });
        }
        span.end(event.startedAtMs + event.durationMs);
      },
      tokenRenewal(event) {
        const span = tracer.startSpan(
          'upstream token',
          { kind: SpanKind.CLIENT, startTime: event.startedAtMs, attributes: { 'upstream.operation': 'token', 'upstream.outcome': event.outcome } },
          context.active(),
        );
        if (event.outcome !== 'ok') {
          span.setStatus({ code: SpanStatusCode.ERROR, message: event.outcome });
        }
        span.end(event.startedAtMs + event.durationMs);
      },
    },
    async inRequestSpan(run, status) {
      const span = tracer.startSpan('graphql', { kind: SpanKind.SERVER }, context.active());
      try {
        const response = await context.with(trace.setSpan(context.active(), span), run);
        span.setAttribute('http.response.status_code', status(response));
        return response;
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
        throw error;
      } finally {
        span.end();
      }
    },
    plugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
      return {
        async requestDidStart() {
          const span: Span | undefined = trace.getSpan(context.active());
          if (span === undefined) {
            return {};
          }
          return {
            async didResolveOperation({ operationName, operation }) {
              const type = operation?.operation ?? 'query';
              span.updateName(`${type}${operationName ? ` ${operationName}` : ''}`);
              span.setAttribute('graphql.operation.type', type);
              if (operationName) {
                span.setAttribute('graphql.operation.name', operationName);
              }
            },
            async willSendResponse({ response }) {
              const codes = errorCodes(response.body);
              if (codes.length > 0) {
                span.setAttribute('graphql.error.codes', codes);
                span.setStatus({ code: SpanStatusCode.ERROR, message: codes.join(' ') });
              }
            },
          };
        },
      };
    },
    async shutdown() {
      await provider.shutdown();
    },
  };
}
