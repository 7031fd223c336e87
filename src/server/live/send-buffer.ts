/**
 * The bounded send buffer of one WebSocket or SSE stream: what waits to be sent to a subscriber
 * (the socket's own buffer, measured, and the messages whose write has not reached the kernel yet)
 * is bounded in bytes and in messages. A subscriber that does not read fills it; the transport then
 * disconnects it rather than hold its events in memory.
 */

/** The bounds (config LIVE_SEND_BUFFER_BYTES and LIVE_SEND_BUFFER_EVENTS). */
export interface SendBufferLimits {
  maxBytes: number;
  maxEvents: number;
}

/** What the transports measured of their buffers (their stats, and the tests' evidence). */
export interface SendBufferStats {
  /** The most bytes seen waiting in one stream's socket buffer, right after a write. */
  peakBufferedBytes: number;
  /** Streams disconnected because their buffer was full. */
  overflows: number;
}

/** What a transport adds to each message on the wire at most (a WebSocket frame's header, an HTTP chunk's size line). */
const FRAMING_BYTES = 16;

/** One stream's buffer: ask {@link admit} before each write, call {@link flushed} from the write's callback. */
export class SendBuffer {
  private unflushed = 0;

  /** `buffered` reads the bytes the socket holds now (`ws.bufferedAmount`, `response.writableLength`). */
  constructor(
    private readonly limits: SendBufferLimits,
    private readonly buffered: () => number,
    private readonly stats: SendBufferStats,
  ) {}

  /**
   * Whether a message of `bytes` may be written now: always into an empty buffer (one event whatever
   * its size: events are capped where they are made), else only within both bounds. False counts an
   * overflow: the caller disconnects the subscriber.
   */
  admit(bytes: number): boolean {
    const buffered = this.buffered();
    const empty = this.unflushed === 0 && buffered === 0;
    if (!empty && (this.unflushed >= this.limits.maxEvents || buffered + bytes + FRAMING_BYTES > this.limits.maxBytes)) {
      this.stats.overflows += 1;
      return false;
    }
    this.unflushed += 1;
    return true;
  }

  /** A write admitted earlier reached the kernel (or failed). */
  flushed(): void {
    this.unflushed -= 1;
  }

  /** Notes the socket's buffer right after a write. */
  observe(): void {
    const buffered = this.buffered();
    if (buffered > this.stats.peakBufferedBytes) {
      this.stats.peakBufferedBytes = buffered;
    }
  }
}
