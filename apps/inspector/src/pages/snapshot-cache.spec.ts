import { SnapshotCache } from './snapshot-cache.js';

describe('SnapshotCache', () => {
  it('waits for the first load, then serves the snapshot and refreshes it in the background once stale', async () => {
    let now = 1_000;
    let loads = 0;
    const cache = new SnapshotCache(async () => ++loads, 60_000, () => now);
    expect((await cache.get()).value).toBe(1);
    now += 30_000;
    expect((await cache.get()).value).toBe(1);
    now += 31_000;
    expect((await cache.get()).value).toBe(1); // stale: served, refresh started
    await new Promise((r) => setImmediate(r));
    expect((await cache.get()).value).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps the last snapshot when a refresh fails, and reports an error when there is none', async () => {
    let now = 0;
    let fail = true;
    const cache = new SnapshotCache(async () => { if (fail) throw new Error('db down'); return 'ok'; }, 10, () => now);
    await expect(cache.get()).rejects.toThrow('db down');
    fail = false;
    expect((await cache.get()).value).toBe('ok');
    fail = true;
    now = 100;
    expect((await cache.get()).value).toBe('ok');
  });
});
