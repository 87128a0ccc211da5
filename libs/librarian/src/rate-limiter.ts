/** Token-bucket settings: `capacity` burst, refilled at `refillPerSecond`. */
export interface RateLimit {
  capacity: number;
  refillPerSecond: number;
}

/** The limit of one actor: a bucket, or null for the bulk path (not throttled per record). */
export type LimitOf = (key: string) => RateLimit | null;

/** One actor's bucket. */
export interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Per-actor token buckets in process memory (a hard constraint against runaway agents, not a
 * billing meter). The limit may differ per actor (operator rules, ADR-0027); a null limit never
 * throttles. `SharedRateLimiter` keeps these buckets in step with the other processes of a database.
 */
export class RateLimiter {
  protected readonly buckets = new Map<string, Bucket>();
  protected readonly limitOf: LimitOf;

  constructor(limit: RateLimit | LimitOf, protected readonly now: () => number = Date.now) {
    this.limitOf = typeof limit === 'function' ? limit : () => limit;
  }

  /** Takes one token for `key`; false when the bucket is empty. */
  tryTake(key: string): boolean {
    const limit = this.limitOf(key);
    if (limit === null) return true;
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: limit.capacity, at: t };
    b.tokens = Math.min(limit.capacity, b.tokens + ((t - b.at) / 1000) * limit.refillPerSecond);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    this.taken(key);
    return true;
  }

  /** Hook for a token taken (the shared limiter counts them to debit the shared bucket). */
  protected taken(_key: string): void {}
}

/** A per-actor rule of the config: a bucket, or `unlimited`. */
export type ActorLimitSetting = { burst?: number; perSecond?: number } | 'unlimited';

/** Actor patterns (`*` matches any run of characters) the bulk path uses unless the operator says otherwise. */
export const BULK_ACTORS: Readonly<Record<string, ActorLimitSetting>> = { 'import:*': 'unlimited' };

function patternRegex(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

/**
 * The limit of each actor: the first matching operator rule (`rateLimit.actors` in the config, in
 * file order), else the bulk defaults ({@link BULK_ACTORS}), else `unthrottled(actor)` (trusted
 * API keys) → none, else the default bucket.
 */
export function actorLimits(fallback: RateLimit, actors: Readonly<Record<string, ActorLimitSetting>> = {}, unthrottled: (actor: string) => boolean = () => false): LimitOf {
  const rules = Object.entries({ ...actors, ...Object.fromEntries(Object.entries(BULK_ACTORS).filter(([p]) => !(p in actors))) })
    .map(([pattern, setting]) => ({ re: patternRegex(pattern), limit: setting === 'unlimited' ? null : { capacity: setting.burst ?? fallback.capacity, refillPerSecond: setting.perSecond ?? fallback.refillPerSecond } }));
  return (actor) => {
    const rule = rules.find((r) => r.re.test(actor));
    if (rule) return rule.limit;
    return unthrottled(actor) ? null : fallback;
  };
}
