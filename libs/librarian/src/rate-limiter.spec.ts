import { DEFAULT_LIMITS, rateLimitFrom } from './hard-constraints.js';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('allows a burst, then refills over time, per key', () => {
    let now = 0;
    const rl = new RateLimiter({ capacity: 2, refillPerSecond: 1 }, () => now);
    expect([rl.tryTake('a'), rl.tryTake('a'), rl.tryTake('a')]).toEqual([true, true, false]);
    expect(rl.tryTake('b')).toBe(true);
    now = 999;
    expect(rl.tryTake('a')).toBe(false);
    now = 1001;
    expect(rl.tryTake('a')).toBe(true);
  });
});

describe('rateLimitFrom', () => {
  it('takes the operator setting part by part, the defaults for what is unset', () => {
    expect(rateLimitFrom()).toEqual(DEFAULT_LIMITS.rate);
    expect(rateLimitFrom({ burst: 5000 })).toEqual({ capacity: 5000, refillPerSecond: DEFAULT_LIMITS.rate.refillPerSecond });
    expect(rateLimitFrom({ burst: 10, perSecond: 0.5 })).toEqual({ capacity: 10, refillPerSecond: 0.5 });
  });
});
