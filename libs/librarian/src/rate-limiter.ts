/** Token-bucket settings: `capacity` burst, refilled at `refillPerSecond`. */
export interface RateLimit {
  capacity: number;
  refillPerSecond: number;
}

/**
 * Per-actor token buckets, in process memory: each engram process enforces its own budget
 * (a hard constraint against runaway agents, not a billing meter).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly limit: RateLimit, private readonly now: () => number = Date.now) {}

  /** Takes one token for `key`; false when the bucket is empty. */
  tryTake(key: string): boolean {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.limit.capacity, at: t };
    b.tokens = Math.min(this.limit.capacity, b.tokens + ((t - b.at) / 1000) * this.limit.refillPerSecond);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}
