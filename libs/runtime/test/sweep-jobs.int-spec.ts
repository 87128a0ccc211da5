import { createLifecycleSweeps } from '@engram/agents';
import { createJobQueue, type DatabaseHandle, type JobQueue } from '@engram/infra';
import { createGate } from '@engram/librarian';
import { extractEntities, SweepRunRepository } from '@engram/lifecycle';
import { createTypeRegistry } from '@engram/memory';
import { DEFAULT_SWEEP_SCHEDULES, registerSweepJobs, sweepJobName } from '@engram/runtime';
import { sql } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(testBackends)('sweep jobs on $name', (backend) => {
  let handle: DatabaseHandle;
  let queue: JobQueue;
  const logs: string[] = [];

  beforeAll(async () => {
    handle = await backend.open();
    queue = createJobQueue(handle, { retryLimit: 0 }, { schedules: true });
    await queue.start();
    const registry = createTypeRegistry();
    const sweeps = createLifecycleSweeps({
      gate: createGate({ db: handle.db, registry }), db: handle.db, halfLifeDays: (t) => registry.get(t).halfLifeDays, extractEntities,
    });
    await registerSweepJobs(queue, sweeps, (m) => logs.push(m), { withoutWorker: ['reembed'], schedules: { consolidate: '0 4 * * *' } });
  });
  afterAll(async () => {
    await queue.stop();
    await handle.close();
  });

  const scheduled = async () => (await sql<{ name: string; cron: string }>`SELECT name, cron FROM pgboss.schedule ORDER BY name`.execute(handle.db)).rows;

  it('keeps one cron schedule per sweep in Postgres, as configured; a sweep this process cannot run is left to others', async () => {
    expect(await scheduled()).toEqual([
      { name: sweepJobName('archive'), cron: DEFAULT_SWEEP_SCHEDULES.archive },
      { name: sweepJobName('consolidate'), cron: '0 4 * * *' },
    ]);
  });

  it('removes the schedule of a sweep configured "off"', async () => {
    const registry = createTypeRegistry();
    const sweeps = createLifecycleSweeps({ gate: createGate({ db: handle.db, registry }), db: handle.db, halfLifeDays: (t) => registry.get(t).halfLifeDays, extractEntities });
    await registerSweepJobs(queue, sweeps, () => undefined, { schedules: { consolidate: null }, withoutWorker: ['archive', 'reembed'] });
    expect((await scheduled()).map((r) => r.name)).toEqual([sweepJobName('archive')]);
  });

  it('runs the sweep when its job arrives and records the run', async () => {
    await queue.send(sweepJobName('archive'), {}, { singletonKey: sweepJobName('archive') });
    const runs = new SweepRunRepository(handle.db, 60_000);
    const run = await waitFor(async () => (await runs.latest()).find((r) => r.sweep === 'archive' && r.status === 'completed'));
    expect(run).toMatchObject({ trigger: 'schedule', counts: {} });
    expect(logs.some((l) => l.startsWith('sweep archive completed'))).toBe(true);
  });

  it('refuses to schedule on a queue made without schedules', async () => {
    const plain = createJobQueue(handle);
    await plain.start();
    try {
      await expect(plain.schedule('x', '* * * * *', {}, { singletonKey: 'x' })).rejects.toThrow(/without schedules/);
    } finally {
      await plain.stop();
    }
  });
});
