import { createJobQueue, type DatabaseHandle, type JobQueue } from '@engram/infra';
import { testBackends } from '../../../tools/test/backends.js';

async function waitFor(check: () => boolean, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(testBackends)('job queue on $name', (backend) => {
  let handle: DatabaseHandle;
  let queue: JobQueue;
  beforeAll(async () => {
    handle = await backend.open();
    queue = createJobQueue(handle, { retryLimit: 1, retryDelaySeconds: 1 });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await handle.close();
  });

  it('works a job that was sent', async () => {
    const seen: unknown[] = [];
    await queue.work('ok_jobs', async (jobs) => void seen.push(...jobs.map((j) => j.data)), { pollingIntervalSeconds: 0.5 });
    const id = await queue.send('ok_jobs', { n: 1 });
    expect(id).toEqual(expect.any(String));
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('retries a failing job', async () => {
    const attempts: string[] = [];
    await queue.work(
      'flaky_jobs',
      async (jobs) => {
        attempts.push(jobs[0]!.id);
        if (attempts.length === 1) throw new Error('first attempt fails');
      },
      { pollingIntervalSeconds: 0.5 },
    );
    const id = await queue.send('flaky_jobs', { n: 2 });
    await waitFor(() => attempts.length === 2);
    expect(attempts).toEqual([id, id]);
  });

  it('moves a job that keeps failing to the dead-letter queue', async () => {
    const dead: unknown[] = [];
    await queue.work('doomed_jobs', async () => Promise.reject(new Error('always fails')), { pollingIntervalSeconds: 0.5 });
    await queue.work('doomed_jobs_dead', async (jobs) => void dead.push(...jobs.map((j) => j.data)), {
      pollingIntervalSeconds: 0.5,
    });
    await queue.send('doomed_jobs', { n: 3 });
    await waitFor(() => dead.length === 1);
    expect(dead).toEqual([{ n: 3 }]);
  });

  it('drops a duplicate singleton while one is queued, but keeps keyless jobs apart', async () => {
    const first = await queue.send('single_jobs', {}, { singletonKey: 'k', startAfterSeconds: 60 });
    const second = await queue.send('single_jobs', {}, { singletonKey: 'k', startAfterSeconds: 60 });
    const a = await queue.send('single_jobs', { a: 1 }, { startAfterSeconds: 60 });
    const b = await queue.send('single_jobs', { b: 1 }, { startAfterSeconds: 60 });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
  });

  it('on a short queue, starts a job queued behind a running one of its key as soon as that one ends', async () => {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    await queue.work('short_jobs', async () => {
      started.push(Date.now());
      if (started.length === 1) await gate;
    }, { pollingIntervalSeconds: 0.5, policy: 'short' });
    const send = () => queue.send('short_jobs', {}, { singletonKey: 'k', policy: 'short' });
    expect(await send()).toEqual(expect.any(String));
    await waitFor(() => started.length === 1);
    // Longer than pg-boss' monitor interval (5 s): on a stately queue the key would now be cached
    // as running, and the next job would wait for the cache to notice the first one ended.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await send()).toEqual(expect.any(String));
    expect(await send()).toBeNull();
    const releasedAt = Date.now();
    release();
    await waitFor(() => started.length === 2);
    expect(started[1]! - releasedAt).toBeLessThan(2_500);
  });

  it('refuses a queue that exists with another policy', async () => {
    await queue.send('stately_only', {}, { startAfterSeconds: 60 });
    const other = createJobQueue(handle);
    await other.start();
    try {
      await expect(other.send('stately_only', {}, { policy: 'short' })).rejects.toThrow('cannot create queue stately_only: it exists with policy stately, not short');
    } finally {
      await other.stop();
    }
  });
});
