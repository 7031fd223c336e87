/** The shapes of a LiveHub's settings, options and counters. */
import { type ReadCacheStore, type UpstreamCaller } from '../../upstream/index.js';
import { type LiveBus } from './event-bus.js';

/** Settings of the watches (config `live`). */
export interface LiveHubSettings {
  /** LIVE_POLL_INTERVAL_MS: a watched proposal is polled at most once per interval by the whole deployment. */
  intervalMs: number;
  /** LIVE_MAX_BACKOFF_MS: longest pause after failed polls (the pause doubles from one interval). */
  maxBackoffMs: number;
  /** LIVE_MAX_SUBSCRIPTIONS_PER_CALLER: open subscriptions per caller on one replica. */
  maxPerCaller: number;
  /** LIVE_VIEWER_MAX_PROPOSALS: proposals one viewerProposalEvents stream watches (the newest). */
  viewerMaxProposals: number;
  /** LIVE_MAX_EVENT_BYTES: largest event sent (its JSON); a larger one is an EVENT_TOO_LARGE error event. */
  maxEventBytes: number;
}

/** Options of {@link LiveHub}. */
export interface LiveHubOptions {
  /** Where polls go: the shared read layer's session of the `live` caller (fresh reads, stored for queries). */
  poller: UpstreamCaller;
  /** The shared store whose peer claims decide which replica polls (absent: this replica alone polls). */
  claims?: Pick<ReadCacheStore, 'claim' | 'release'>;
  /** The upstream client id (claims of two clients never meet). */
  clientId: string;
  bus?: LiveBus;
  settings: LiveHubSettings;
  /** Told of failures the hub survives (the bus, a claim), never of request data. */
  onError?: (message: string, error: unknown) => void;
}

/** Counters of one replica's watches, for metrics and the benchmark. */
export interface LiveStats {
  watches: number;
  /** Subscribers (every member of every cohort). */
  subscriptions: number;
  /** Watch streams: one per cohort of identical subscriptions (what is executed per change). */
  streams: number;
  polls: number;
  failedPolls: number;
  /** Polls our own limiter put off (nothing sent: queries and writes came first); tried again at the next tick. */
  deferredPolls: number;
  claimsLost: number;
}
