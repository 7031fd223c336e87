/** The per-caller cap on open subscriptions of one replica, and the count of its subscribers. */
import { GraphQLError } from 'graphql';

/** Error code of a subscription refused by a cap (per caller here, per connection in the transports). */
export const SUBSCRIPTION_LIMIT_REACHED = 'SUBSCRIPTION_LIMIT_REACHED';

/** Open subscriptions by caller. */
export class CallerCaps {
  private readonly perCaller = new Map<string, number>();
  /** Every subscriber counted (a cohort's members share one stream, each counted). */
  total = 0;

  constructor(private readonly maxPerCaller: number) {}

  /** One more subscriber of `callerId`, refused with SUBSCRIPTION_LIMIT_REACHED past the cap; {@link leave} gives it back. */
  admit(callerId: string): void {
    const held = this.perCaller.get(callerId) ?? 0;
    if (held >= this.maxPerCaller) {
      throw new GraphQLError(`At most ${this.maxPerCaller} subscriptions per caller are open at once; end one first.`, {
        extensions: { code: SUBSCRIPTION_LIMIT_REACHED, limit: this.maxPerCaller, scope: 'caller' },
      });
    }
    this.perCaller.set(callerId, held + 1);
    this.total += 1;
  }

  /** A subscriber counted by {@link admit} left. */
  leave(callerId: string): void {
    const held = (this.perCaller.get(callerId) ?? 1) - 1;
    if (held <= 0) {
      this.perCaller.delete(callerId);
    } else {
      this.perCaller.set(callerId, held);
    }
    this.total -= 1;
  }
}
