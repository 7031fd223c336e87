/**
 * How a request reaches the watches: the {@link LiveHooks} put on every context, and the execution of
 * a subscription with a fresh context per event (loaders never outlive one event; the watcher's
 * reads answer first).
 */
import {
  createSourceEventStream,
  execute,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  getOperationAST,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
} from 'graphql';
import { type GraphErrorCode } from '../../shared/error-codes.js';
import { checkVariables } from '../runtime/variable-bounds.js';
import { type ReadSession } from '../../upstream/index.js';
import { type GraphContext, type LiveHooks } from '../runtime/context.js';
import { type LiveEvent, type LiveHub } from './watches.js';
import { overlaySession } from './event-session.js';
import { Cohort, cohortKey } from './cohorts.js';
import { LiveStream } from './subscriber-stream.js';
import { noteEventDisclosures, recordDelivered } from '../runtime/audit.js';

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
 * graphql-js's `subscribe`, except that each event executes with a fresh context of the subscriber
 * (`contextValue` is the subscribe-time context, which decided ownership): the transports call
 * this, never `subscribe`.
 */
/** The cost analysis of a subscription at subscribe time (graphql/throttled.ts): a refusal, or undefined when admitted. */
export type SubscriptionAdmission = (args: ExecutionArgs, operation: OperationDefinitionNode, ctx: GraphContext) => Promise<GraphQLError | undefined>;

export async function liveSubscribe(args: ExecutionArgs, admit?: SubscriptionAdmission): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
  // The transports run no Apollo plugin: the variables are bounded here, before graphql-js coerces them.
  const operation = getOperationAST(args.document, args.operationName);
  const refused = checkVariables(args.schema, args.document, operation, args.variableValues);
  if (refused !== undefined) {
    return { errors: [refused] };
  }
  const base = args.contextValue as GraphContext;
  const machinery = machineryOf(base);
  if (machinery === undefined) {
    // No watches here: the subscription's resolver refuses it (SUBSCRIPTIONS_NOT_SUPPORTED).
    const stream = await createSourceEventStream(args);
    return Symbol.asyncIterator in stream
      ? { errors: [new GraphQLError('Subscriptions are not served here.')] }
      : { errors: stream.errors?.map(asClientMistake) };
  }
  const hub = machinery.hub;
  const cohorts = cohortsOf(hub);
  const key = cohortKey(args, base);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const existing = cohorts.get(key);
    if (existing === undefined) {
      break;
    }
    const cohort = await existing;
    if (cohort?.open === true) {
      try {
        return cohort.join(recorder(base));
      } catch (error) {
        return { errors: [locatedAtRoot(error, operation)] };
      }
    }
    if (cohorts.get(key) === existing) {
      cohorts.delete(key);
    }
  }
  let settle: (cohort: Cohort | undefined) => void = () => undefined;
  const made = new Promise<Cohort | undefined>((resolve) => {
    settle = resolve;
  });
  cohorts.set(key, made);
  // The subscription that makes a cohort executes its events: charged one event's estimate, as a
  // query is (its members share that execution and cost the partner nothing more).
  const refusal = operation === null || operation === undefined || admit === undefined ? undefined : await admit(args, operation, base);
  if (refusal !== undefined) {
    cohorts.delete(key);
    settle(undefined);
    return { errors: [locatedAtRoot(refusal, operation)] };
  }
  const stream = await createSourceEventStream(args).catch((error: unknown) => ({ errors: [locatedAtRoot(error, operation)] }));
  if (!(Symbol.asyncIterator in stream) || !(stream instanceof LiveStream)) {
    cohorts.delete(key);
    settle(undefined);
    return 'errors' in stream ? { errors: stream.errors?.map(asClientMistake) } : { errors: [new GraphQLError('Not a live stream.')] };
  }
  const maxBytes = hub.settings.maxEventBytes;
  const run = async (event: LiveEvent): Promise<ExecutionResult> => {
    const contextValue = eventContextFor(base, event);
    // The disclosures of an execution, noted once; each member records them when the event is delivered to it.
    const executed = await execute({ ...args, rootValue: event, contextValue });
    const sent = capped(executed, event.proposalId, maxBytes);
    // Replaced by a size error, the event discloses nothing.
    return sent === executed ? noteEventDisclosures(sent, contextValue.audit) : sent;
  };
  const cohort = new Cohort(hub, base.callerId, stream, run, () => {
    if (cohorts.get(key) === made) {
      cohorts.delete(key);
    }
  });
  settle(cohort);
  return cohort.first(recorder(base));
}

/** Records every event delivered to a member on its own subscription's access record (callerId, request id). */
function recorder(ctx: GraphContext): (result: ExecutionResult) => void {
  const trail = ctx.audit;
  return (result) => void recordDelivered(result, trail);
}

/** The cohorts of each hub, by {@link cohortKey}; a promise while the first subscription's resolver runs. */
const cohortsByHub = new WeakMap<LiveHub, Map<string, Promise<Cohort | undefined>>>();

function cohortsOf(hub: LiveHub): Map<string, Promise<Cohort | undefined>> {
  let cohorts = cohortsByHub.get(hub);
  if (cohorts === undefined) {
    cohorts = new Map();
    cohortsByHub.set(hub, cohorts);
  }
  return cohorts;
}

function locatedAtRoot(error: unknown, operation: OperationDefinitionNode | null | undefined): GraphQLError {
  const field = operation?.selectionSet.selections.find((selection): selection is FieldNode => selection.kind === Kind.FIELD);
  const key = field === undefined ? undefined : (field.alias ?? field.name).value;
  return error instanceof GraphQLError
    ? new GraphQLError(error.message, { nodes: field, path: key === undefined ? undefined : [key], extensions: error.extensions })
    : new GraphQLError('The subscription could not be started.', { nodes: field, path: key === undefined ? undefined : [key] });
}

/** The JSON text of each event result without errors (the same for every member of its cohort). */
const serialized = new WeakMap<ExecutionResult, string>();

/** The JSON of `{ data }` of an event without errors, serialized once for its whole cohort; undefined for others. */
export function serializedEvent(result: ExecutionResult): string | undefined {
  return serialized.get(result);
}

/**
 * The event as sent, or, when its JSON exceeds `maxBytes`, an EVENT_TOO_LARGE error event in its
 * place (the subscription's field `null`; the stream stays open and the subscriber refetches).
 */
function capped(result: ExecutionResult, proposalId: string, maxBytes: number): ExecutionResult {
  const text = JSON.stringify(result.errors === undefined ? { data: result.data } : result);
  const bytes = Buffer.byteLength(text);
  if (bytes <= maxBytes) {
    if (result.errors === undefined) {
      serialized.set(result, text);
    }
    return result;
  }
  const keys = Object.keys(result.data ?? {});
  return {
    data: Object.fromEntries(keys.map((key) => [key, null])),
    errors: [
      new GraphQLError(`This event would be ${bytes} bytes, over the ${maxBytes} an event may be; refetch the proposal with a query (selecting less).`, {
        path: keys.length > 0 ? [keys[0] as string] : undefined,
        extensions: { code: 'EVENT_TOO_LARGE' satisfies GraphErrorCode, proposalId, bytes, maxBytes },
      }),
    ],
  };
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
