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
