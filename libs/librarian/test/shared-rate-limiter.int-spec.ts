import { testBackends } from '../../../tools/test/backends.js';
import type { DatabaseHandle } from '../../../libs/infra/src/index.js';
import { actorLimits, BULK_ACTORS, RateLimiter } from '../src/rate-limiter.js';
import { SharedRateLimiter } from '../src/shared-rate-limiter.js';

const LIMIT = { capacity: 10, refillPerSecond: 0.001 };

describe.each(testBackends)('SharedRateLimiter on $name (ADR-0027)', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => handle.close());

  it('shares one actor bucket between two processes: together they get the burst, not twice it', async () => {
    const a = new SharedRateLimiter(handle.db, () => LIMIT);
    const b = new SharedRateLimiter(handle.db, () => LIMIT);
    const takeA = Array.from({ length: 10 }, () => a.tryTake('mcp:alice')).filter(Boolean).length;
    expect(takeA).toBe(10);
    b.tryTake('mcp:alice');
    await a.sync();
    await b.sync();
    // b took one before it knew; the shared bucket is now in debt and b sees it.
    expect(Array.from({ length: 5 }, () => b.tryTake('mcp:alice')).filter(Boolean).length).toBe(0);
    expect(a.tryTake('mcp:alice')).toBe(false);
    const row = await handle.db.selectFrom('rate_limit_buckets' as never).selectAll().where('actor' as never, '=', 'mcp:alice' as never).executeTakeFirstOrThrow() as { tokens: number };
    expect(Number(row.tokens)).toBeLessThan(0);
    // Another actor has its own bucket.
    expect(b.tryTake('mcp:bob')).toBe(true);
  });

  it('debits exactly the tokens taken since the last sync', async () => {
    const c = new SharedRateLimiter(handle.db, () => LIMIT);
    for (let i = 0; i < 3; i += 1) c.tryTake('mcp:carol');
    await c.sync();
    const { tokens } = await handle.db.selectFrom('rate_limit_buckets' as never).select('tokens' as never).where('actor' as never, '=', 'mcp:carol' as never).executeTakeFirstOrThrow() as { tokens: number };
    expect(Math.round(Number(tokens))).toBe(7);
  });
});

describe('actorLimits', () => {
  it('applies operator rules first, the bulk defaults next, trusted actors, then the default bucket', () => {
    const limitOf = actorLimits(LIMIT, { 'key:ci-*': { burst: 1000 }, 'import:cli': { burst: 3, perSecond: 1 } }, (a) => a === 'writer:bulk');
    expect(limitOf('key:ci-nightly')).toEqual({ capacity: 1000, refillPerSecond: LIMIT.refillPerSecond });
    expect(limitOf('import:cli')).toEqual({ capacity: 3, refillPerSecond: 1 });
    expect(limitOf('import:other')).toBeNull();
    expect(BULK_ACTORS['import:*']).toBe('unlimited');
    expect(limitOf('writer:bulk')).toBeNull();
    expect(limitOf('mcp:alice')).toEqual(LIMIT);
    const limiter = new RateLimiter(limitOf, () => 0);
    expect(Array.from({ length: 50 }, () => limiter.tryTake('import:other')).every(Boolean)).toBe(true);
  });
});
