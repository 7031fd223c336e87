/**
 * How a request reaches the watches: the {@link LiveHooks} put on every context, and the execution of
 * a subscription with a fresh context per event (loaders never outlive one event; the watcher's
 * reads answer first).
 */
import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult, getOperationAST, GraphQLError } from 'graphql';
import { type GraphErrorCode } from '../../shared/error-codes.js';
import { checkVariables } from '../runtime/variable-bounds.js';
import { type ReadSession } from '../../upstream/index.js';
import { type GraphContext, type LiveHooks } from '../runtime/context.js';
import { type LiveEvent, type LiveHub } from './watches.js';
import { overlaySession } from './event-session.js';

/** What graphql/live keeps on a context (`ctx.live.machinery`). */
export interface LiveMachinery {
  hub: LiveHub;
  /** A fresh context like this request's, for one event, its reads answered first by `session`. */
  eventContext(session: (fallback: ReadSession) => ReadSession): GraphContext;
}

/**
 * The hooks of one request's context. `build` makes a context of the same caller over a session
 * (the server's context factory); `fallback` is a plain (cached, not fresh) session of that caller.
 */
export function liveHooks(hub: LiveHub, build: (session: ReadSession, live: LiveHooks) => GraphContext, fallback: () => ReadSession): LiveHooks {
  const hooks: LiveHooks = {
    written: (change) => hub.written(change),
    machinery: {
      hub,
      eventContext: (session) => build(session(fallback()), hooks),
    } satisfies LiveMachinery,
  };
  return hooks;
}

/** The machinery of a context, or undefined where the graph serves no subscriptions. */
export function machineryOf(ctx: GraphContext): LiveMachinery | undefined {
  return ctx.live?.machinery as LiveMachinery | undefined;
}

function eventContextFor(ctx: GraphContext, event: unknown): GraphContext {
  const machinery = machineryOf(ctx);
  const live = event as LiveEvent;
  if (machinery === undefined || live?.kind !== 'change') {
    return machinery === undefined ? ctx : machinery.eventContext((fallback) => fallback);
  }
  return machinery.eventContext((fallback) => overlaySession(live.proposalId, live.reads, fallback));
}

/**
 * `source` with each value mapped by `map`, as an async generator whose `return()` ends the source at
 * once (a native async generator would queue it behind the `next()` waiting for an event, and a
 * subscriber that left would keep its watch until the proposal next changed).
 */
export function mapEvents<T, U>(source: AsyncIterator<T>, map: (value: T) => Promise<U> | U, onEnd?: () => void): AsyncGenerator<U> {
  let ended = false;
  const end = (): void => {
    if (!ended) {
      ended = true;
      onEnd?.();
    }
  };
  const generator: AsyncGenerator<U> = {
    async next() {
      const next = await source.next();
      if (next.done === true) {
        end();
        return { value: undefined, done: true };
      }
      return { value: await map(next.value), done: false };
    },
    async return() {
      end();
      await source.return?.();
      return { value: undefined, done: true };
    },
    async throw(error: unknown) {
      end();
      await source.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return generator;
    },
    async [Symbol.asyncDispose]() {
      await generator.return(undefined);
    },
  };
  return generator;
}

/**
 * graphql-js's `subscribe`, except that each event executes with a fresh context of the subscriber
 * (`contextValue` is the subscribe-time context, which decided ownership): the transports call
 * this, never `subscribe`.
 */
export async function liveSubscribe(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
  // The transports run no Apollo plugin: the variables are bounded here, before graphql-js coerces them.
  const refused = checkVariables(args.schema, args.document, getOperationAST(args.document, args.operationName), args.variableValues);
  if (refused !== undefined) {
    return { errors: [refused] };
  }
  const stream = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in stream)) {
    return { errors: stream.errors?.map(asClientMistake) };
  }
  const base = args.contextValue as GraphContext;
  return mapEvents(stream[Symbol.asyncIterator](), async (event: unknown) =>
    execute({ ...args, rootValue: event, contextValue: eventContextFor(base, event) }),
  );
}

/**
 * An error of the request itself that graphql-js gives no code (variables that do not coerce, an
 * operation it cannot pick) is the client's mistake: BAD_USER_INPUT, as Apollo Server answers it
 * over HTTP, not an error the server would mask as its own. Errors of the subscription's resolver
 * (located at its path, or carrying a code) are left as they are.
 */
function asClientMistake(error: GraphQLError): GraphQLError {
  if (error.extensions['code'] !== undefined || error.path !== undefined) {
    return error;
  }
  return new GraphQLError(error.message, { nodes: error.nodes, extensions: { code: 'BAD_USER_INPUT' satisfies GraphErrorCode } });
}
