/**
 * The claim of one interval's poll of a proposal for the whole deployment (the read cache's peer
 * claim, Redis with REDIS_URL): whichever replica claims it polls, the others wait.
 */
import { createHash, randomUUID } from 'node:crypto';
import { type ReadCacheStore } from '../../upstream/index.js';

/** Where a claim stands: `holder` is this replica's, when it made the claim. */
export interface Claimable {
  proposalId: string;
  holder: string | undefined;
}

export class PollClaims {
  constructor(
    private readonly origin: string,
    private readonly clientId: string,
    private readonly intervalMs: number,
    private readonly store: Pick<ReadCacheStore, 'claim' | 'release'> | undefined,
    private readonly onError: (message: string, error: unknown) => void,
  ) {}

  private key(proposalId: string): string {
    return `live:${createHash('sha256').update(`${this.clientId}\n${proposalId}`).digest('base64url')}`;
  }

  /** Claims this interval's poll; true when this replica is to poll (also when the store fails: it polls on its own). */
  async claim(watch: Claimable): Promise<boolean> {
    if (this.store?.claim === undefined) {
      return true;
    }
    const holder = `${this.origin}:${randomUUID()}`;
    try {
      const claimed = await this.store.claim(this.key(watch.proposalId), 'live', holder, this.intervalMs);
      watch.holder = claimed ? holder : undefined;
      return claimed;
    } catch (error) {
      // The store failed: this replica polls on its own rather than leave its subscribers blind.
      this.onError('live poll claim failed; polling without it', error);
      return true;
    }
  }

  /** Gives this replica's claim back (another replica may poll at once). */
  release(watch: Claimable): void {
    const holder = watch.holder;
    watch.holder = undefined;
    if (holder !== undefined && this.store?.release !== undefined) {
      this.store.release(this.key(watch.proposalId), 'live', holder).catch((error: unknown) => this.onError('live poll claim release failed', error));
    }
  }
}
