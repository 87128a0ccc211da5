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

  const bucketRow = async (actor: string) => await handle.db.selectFrom('rate_limit_buckets' as never).selectAll()
    .where('actor' as never, '=', actor as never).executeTakeFirst() as { tokens: number; updated_at: Date } | undefined;
  const tokensOf = async (actor: string) => Math.round(Number((await bucketRow(actor))?.tokens));
  const takeAll = (limiter: RateLimiter, actor: string) => Array.from({ length: 20 }, () => limiter.tryTake(actor)).filter(Boolean).length;

  it('debits each sync only what was taken since the one before', async () => {
    const d = new SharedRateLimiter(handle.db, () => LIMIT);
    for (let i = 0; i < 3; i += 1) d.tryTake('mcp:dora');
    await d.sync();
    for (let i = 0; i < 2; i += 1) d.tryTake('mcp:dora');
    await d.sync();
    expect(await tokensOf('mcp:dora')).toBe(5);
  });

  it('keeps the tokens taken while a sync is in flight out of the balance it adopts', async () => {
    const e = new SharedRateLimiter(handle.db, () => LIMIT);
    for (let i = 0; i < 3; i += 1) e.tryTake('mcp:emil');
    const inFlight = e.sync();
    e.tryTake('mcp:emil');
    e.tryTake('mcp:emil');
    await inFlight;
    expect(takeAll(e, 'mcp:emil')).toBe(5);
    await e.sync();
    expect(await tokensOf('mcp:emil')).toBe(0);
  });

  it('adopts what other processes took even when it took nothing itself, until the bucket has been idle a minute', async () => {
    let now = 1_000_000;
    const f = new SharedRateLimiter(handle.db, () => LIMIT, { now: () => now });
    const other = new SharedRateLimiter(handle.db, () => LIMIT);
    f.tryTake('mcp:fay');
    await f.sync();
    for (let i = 0; i < 5; i += 1) other.tryTake('mcp:fay');
    await other.sync();
    now += 30_000;
    await f.sync();
    expect(takeAll(f, 'mcp:fay')).toBe(4);
    await f.sync();
    // Idle for more than a minute and nothing taken: the sync leaves the row alone.
    const before = await bucketRow('mcp:fay');
    now += 61_000;
    await f.sync();
    expect((await bucketRow('mcp:fay'))?.updated_at).toEqual(before?.updated_at);
  });

  it('never writes a row for an actor without a limit', async () => {
    const g = new SharedRateLimiter(handle.db, (actor) => (actor.startsWith('import:') ? null : LIMIT));
    expect(takeAll(g, 'import:gus')).toBe(20);
    g.tryTake('mcp:gus');
    await g.sync();
    expect(await bucketRow('import:gus')).toBeUndefined();
    expect(await tokensOf('mcp:gus')).toBe(9);
  });

  it('keeps what a failed sync did not debit for the next one, and reports a failed timed sync', async () => {
    let down = true;
    const flaky = handle.db.withPlugin({
      transformQuery: ({ node }) => {
        if (down) throw new Error('database unreachable');
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const errors: unknown[] = [];
    const k = new SharedRateLimiter(flaky, () => LIMIT, { syncMs: 10, onError: (e) => errors.push(e) });
    for (let i = 0; i < 3; i += 1) k.tryTake('mcp:kim');
    await expect(k.sync()).rejects.toThrow('database unreachable');
    k.start();
    const deadline = Date.now() + 5_000;
    while (errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await k.stop();
    expect(String(errors[0])).toContain('database unreachable');
    down = false;
    k.tryTake('mcp:kim');
    await k.sync();
    expect(await tokensOf('mcp:kim')).toBe(6);
  });

  it('syncs on its own timer once started, and not after it is stopped', async () => {
    const h = new SharedRateLimiter(handle.db, () => LIMIT, { syncMs: 20 });
    h.start();
    h.start();
    h.tryTake('mcp:hal');
    h.tryTake('mcp:hal');
    const deadline = Date.now() + 5_000;
    while ((await bucketRow('mcp:hal')) === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await tokensOf('mcp:hal')).toBe(8);
    await h.stop();
    h.tryTake('mcp:hal');
    await new Promise((r) => setTimeout(r, 150));
    expect(await tokensOf('mcp:hal')).toBe(8);
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
