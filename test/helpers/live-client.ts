/** Clients of the live transports for tests: graphql-ws sockets and their events, awaited by state. */
import { type Client, createClient as createWsClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { type TestGraph } from './graph.js';

export interface Event {
  data?: { proposalChanged?: Change | null; viewerProposalEvents?: Change | null } | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}
export interface Change {
  proposalId: string;
  changed: string[];
  initial: boolean;
  proposal: { id: string; situation?: string; situationCode: number } | null;
}

/** Events of one subscription, awaited by count (bounded): states, not sleeps. */
export class Events {
  readonly received: Event[] = [];
  error: unknown;
  completed = false;
  private wake: (() => void) | undefined;

  push(event: Event): void {
    this.received.push(event);
    this.wake?.();
  }

  fail(error: unknown): void {
    this.error = error;
    this.wake?.();
  }

  complete(): void {
    this.completed = true;
    this.wake?.();
  }

  /** Resolves once `condition` holds; fails after `timeoutMs` (a generous bound, not a speed check). */
  async until(condition: (events: Event[]) => boolean, what: string, timeoutMs = 15_000): Promise<Event[]> {
    const end = Date.now() + timeoutMs;
    while (!condition(this.received)) {
      if (Date.now() > end) {
        throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.received)} error=${String(this.error)}`);
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
    return this.received;
  }
}

export function change(event: Event | undefined): Change | null | undefined {
  return event?.data?.proposalChanged ?? event?.data?.viewerProposalEvents;
}

export function wsClient(graph: TestGraph, key: string | undefined, closes?: Array<{ code: number; reason: string }>): Client {
  return createWsClient({
    url: graph.url.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: false,
    connectionParams: key === undefined ? {} : { authorization: `Bearer ${key}` },
    on: { closed: (event) => closes?.push({ code: (event as { code: number }).code, reason: (event as { reason: string }).reason }) },
    onNonLazyError: () => undefined,
  });
}

export function subscribe(client: Client, query: string, variables: Record<string, unknown> = {}): { events: Events; stop: () => void } {
  const events = new Events();
  const stop = client.subscribe<Event['data']>(
    { query, variables },
    {
      next: (value) => events.push(value as Event),
      error: (error) => events.fail(error),
      complete: () => events.complete(),
    },
  );
  return { events, stop };
}
