/** The live updates' variables, a group of the environment's schema (src/config/schema.ts). */
import { integer } from './parsers.js';
import { setting } from './setting.js';

/** Live updates: the subscription watchers' polls and the transports' limits. */
export const live = {
  LIVE_POLL_INTERVAL_MS: setting(integer(100, 3_600_000), {
    default: 5000,
    description:
      'A watched proposal is polled at most once per interval by the whole deployment (claimed in Redis like a shared read). Keep it above the number of watched proposals in seconds at the production partner rate (1 call/s).',
  }),
  LIVE_MAX_BACKOFF_MS: setting(integer(100, 86_400_000), {
    shown: 'max(`60000`, `LIVE_POLL_INTERVAL_MS`)',
    description: 'Longest pause between two polls of a proposal while the partner fails or limits (at least `LIVE_POLL_INTERVAL_MS`).',
  }),
  LIVE_MAX_SUBSCRIPTIONS_PER_CALLER: setting(integer(1, 100_000), {
    default: 100,
    description: 'Open subscriptions of one caller on one replica; past it `SUBSCRIPTION_LIMIT_REACHED`.',
  }),
  LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: setting(integer(1, 10_000), {
    default: 20,
    description: 'Open subscriptions on one WebSocket; past it `SUBSCRIPTION_LIMIT_REACHED`.',
  }),
  LIVE_VIEWER_MAX_PROPOSALS: setting(integer(1, 1000), {
    default: 50,
    description: "The caller's newest proposals one `viewerProposalEvents` stream watches.",
  }),
  LIVE_MAX_EVENT_BYTES: setting(integer(1024, 64 * 1024 * 1024), {
    default: 1_048_576,
    description: 'Largest subscription event sent (its JSON); a larger one is replaced by an `EVENT_TOO_LARGE` error event telling the subscriber to refetch.',
  }),
  LIVE_HEARTBEAT_MS: setting(integer(100, 600_000), { default: 12_000, description: 'WebSocket ping/pong and SSE comment interval.' }),
  LIVE_IDLE_TIMEOUT_MS: setting(integer(100, 3_600_000), {
    default: 60_000,
    description: 'A WebSocket with no subscription and no operation for this long is closed.',
  }),
  LIVE_CONNECTION_INIT_TIMEOUT_MS: setting(integer(100, 600_000), {
    default: 5000,
    description: 'A WebSocket whose `connection_init` has not come (or not been accepted) by then is closed (4408).',
  }),
  LIVE_MAX_UNAUTHENTICATED_SOCKETS: setting(integer(1, 1_000_000), {
    default: 1000,
    description: 'WebSockets open at once on one replica before their `connection_init` is accepted; past it a new one is closed at once (1013).',
  }),
  LIVE_SEND_BUFFER_BYTES: setting(integer(16_384, 268_435_456), {
    default: 1_048_576,
    description:
      "Bytes waiting to be sent to one WebSocket or SSE stream (the socket's own buffer included); a subscriber that lets more pile up is disconnected (WebSocket 4413, SSE stream ended). One event is always let through an empty buffer.",
  }),
  LIVE_SEND_BUFFER_EVENTS: setting(integer(1, 100_000), {
    default: 100,
    description: 'Messages waiting to be sent to one WebSocket or SSE stream; past it the subscriber is disconnected as for `LIVE_SEND_BUFFER_BYTES`.',
  }),
};
