import { DEFAULT_LIMITS, rateLimitFrom } from './hard-constraints.js';
import { actorLimits, RateLimiter } from './rate-limiter.js';

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

describe('RateLimiter edge cases', () => {
  it('never holds more than the burst, however long the actor was idle', () => {
    let now = 0;
    const rl = new RateLimiter({ capacity: 2, refillPerSecond: 1 }, () => now);
    rl.tryTake('a');
    now = 60_000;
    expect([rl.tryTake('a'), rl.tryTake('a'), rl.tryTake('a')]).toEqual([true, true, false]);
  });

  it('refills fractions of a token: two half-seconds at 1/s make one write', () => {
    let now = 0;
    const rl = new RateLimiter({ capacity: 1, refillPerSecond: 1 }, () => now);
    expect(rl.tryTake('a')).toBe(true);
    now = 500;
    expect(rl.tryTake('a')).toBe(false);
    now = 1000;
    expect(rl.tryTake('a')).toBe(true);
  });

  it('never throttles an actor whose limit is null', () => {
    const rl = new RateLimiter(() => null, () => 0);
    expect(Array.from({ length: 5 }, () => rl.tryTake('bulk'))).toEqual([true, true, true, true, true]);
  });
});

describe('actorLimits', () => {
  const fallback = { capacity: 120, refillPerSecond: 2 };

  it('leaves the bulk import actors unthrottled and everyone else on the default bucket', () => {
    const limitOf = actorLimits(fallback);
    expect(limitOf('import:backup-2026')).toBeNull();
    expect(limitOf('agent:import:x')).toEqual(fallback);
    expect(limitOf('agent:a')).toEqual(fallback);
  });

  it('takes the first matching operator rule, each unset part from the default', () => {
    const limitOf = actorLimits(fallback, { 'agent:ci-*': { burst: 5 }, 'agent:*': { perSecond: 0.1 }, 'tool:x': 'unlimited' });
    expect(limitOf('agent:ci-7')).toEqual({ capacity: 5, refillPerSecond: 2 });
    expect(limitOf('agent:other')).toEqual({ capacity: 120, refillPerSecond: 0.1 });
    expect(limitOf('tool:x')).toBeNull();
    expect(limitOf('tool:xy')).toEqual(fallback);
  });

  it('lets the operator throttle the bulk actors too', () => {
    expect(actorLimits(fallback, { 'import:*': { burst: 10, perSecond: 1 } })('import:a')).toEqual({ capacity: 10, refillPerSecond: 1 });
  });

  it('reads a pattern literally except for *', () => {
    const limitOf = actorLimits(fallback, { 'agent:a.b': 'unlimited', 'user:(x)': 'unlimited' });
    expect(limitOf('agent:a.b')).toBeNull();
    expect(limitOf('agent:aXb')).toEqual(fallback);
    expect(limitOf('user:(x)')).toBeNull();
    expect(limitOf('user:x')).toEqual(fallback);
  });

  it('does not throttle trusted actors that no rule names', () => {
    const limitOf = actorLimits(fallback, { 'agent:slow': { burst: 1 } }, (actor) => actor.startsWith('agent:'));
    expect(limitOf('agent:trusted')).toBeNull();
    expect(limitOf('agent:slow')).toEqual({ capacity: 1, refillPerSecond: 2 });
    expect(limitOf('user:u')).toEqual(fallback);
  });
});
