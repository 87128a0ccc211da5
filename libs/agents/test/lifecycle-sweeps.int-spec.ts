import { createGate } from '@engram/librarian';
import { createTypeRegistry } from '@engram/memory';
import { extractEntities, SweepBusyError, SweepRunRepository } from '@engram/lifecycle';
import { createRetrievalPipeline, createSearchService } from '@engram/retrieval';
import { collectLifecycleStats, createLifecycleSweeps, type GatePort, type LifecycleSweepDeps, type LifecycleSweeps } from '@engram/agents';
import { sql } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const DAY = 86_400_000;
const writer = { id: 'test-agent', kind: 'agent' as const };
const registry = createTypeRegistry();
const halfLifeDays = (t: string) => registry.get(t).halfLifeDays;

/** A clock the test moves: the gate stamps records with it, the sweeps judge decay with it. */
function movableClock(start = Date.now()) {
  let now = start;
  return { now: () => new Date(now), set: (t: number) => void (now = t) };
}

async function storeEvent(gate: GatePort, content: string, at: Date, metadata: Record<string, unknown>, scope = 'project:shop'): Promise<string> {
  const o = await gate.submit({ op: 'create', type: 'episode', scope, content, validFrom: at, metadata }, writer);
  if (o.status !== 'committed' || !o.record) throw new Error(`store failed: ${o.status} ${o.reason}`);
  return o.record.id;
}

async function statusOf(handle: DatabaseHandle, ids: string[]): Promise<string[]> {
  const rows = await sql<{ id: string; status: string }>`SELECT id, status FROM memories WHERE id = ANY(${ids}::uuid[])`.execute(handle.db);
  const by = new Map(rows.rows.map((r) => [r.id, r.status]));
  return ids.map((id) => by.get(id) ?? 'missing');
}

const countGateRequests = async (handle: DatabaseHandle, status: string) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM gate_requests WHERE status = ${status}`.execute(handle.db)).rows[0]?.n);

const countRows = async (handle: DatabaseHandle, where = sql`true`) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM memories WHERE ${where}`.execute(handle.db)).rows[0]?.n);

describe.each(testBackends)('lifecycle sweeps ($name)', (backend) => {
  let handle: DatabaseHandle;
  let clock: ReturnType<typeof movableClock>;
  let gate: GatePort;

  const sweepsWith = (extra: Partial<LifecycleSweepDeps> = {}): LifecycleSweeps =>
    createLifecycleSweeps({ gate, db: handle.db, halfLifeDays, extractEntities, clock: clock.now, options: { pauseMs: 0 }, ...extra });

  beforeEach(async () => {
    handle = await backend.open();
    clock = movableClock();
    gate = createGate({ db: handle.db, registry, clock: clock.now, limits: { rate: { capacity: 10_000, refillPerSecond: 10_000 } } });
  });
  afterEach(async () => handle?.close());

  describe('consolidation', () => {
    it('compresses 5+ events of one entity and type within 7 days into one queryable memory; originals archived, linked, kept', async () => {
      const t0 = clock.now().getTime() - 10 * DAY;
      const items = ['keyboard', 'mouse', 'monitor', 'keyboard', 'cable', 'mouse'];
      const alice = [];
      for (const [i, item] of items.entries()) {
        alice.push(await storeEvent(gate, `Alice Smith bought a ${item} in the web shop (order ${i})`, new Date(t0 + i * DAY), { event_type: 'purchase', entities: ['user:alice'], category: item }));
      }
      // Too few for Bob; Carol's five are spread over three weeks: neither compresses.
      for (let i = 0; i < 4; i++) await storeEvent(gate, `Bob bought item ${i}`, new Date(t0 + i * DAY), { event_type: 'purchase', entities: ['user:bob'] });
      for (let i = 0; i < 5; i++) await storeEvent(gate, `Carol bought item ${i}`, new Date(t0 - i * 5 * DAY), { event_type: 'purchase', entities: ['user:carol'] });
      const activeBefore = await countRows(handle, sql`status = 'active'`);

      const report = await sweepsWith().run('consolidate');
      expect(report.counts).toMatchObject({ compress_committed: 1, archive_committed: 6 });
      expect(report.details).toMatchObject({ originals: 6, compressed: 1 });
      expect(report.details?.['recordRatio']).toBeCloseTo(5 / 6);
      expect(await statusOf(handle, alice)).toEqual(alice.map(() => 'archived')); // kept, out of the active set
      expect(await countRows(handle, sql`status = 'active'`)).toBe(activeBefore - 6 + 1);

      const compressed = (await sql<{ id: string; content: string; metadata: any }>`SELECT id, content, metadata FROM memories WHERE metadata ? 'consolidation'`.execute(handle.db)).rows;
      expect(compressed).toHaveLength(1);
      const c = compressed[0] as { id: string; content: string; metadata: any };
      const meta = typeof c.metadata === 'string' ? JSON.parse(c.metadata) : c.metadata;
      expect(meta.consolidation).toMatchObject({ count: 6, distinct: 4, entity: 'user:alice', event_type: 'purchase', category: 'purchase_history' });
      expect(meta.consolidation.categories.sort()).toEqual(['cable', 'keyboard', 'monitor', 'mouse']);
      expect(new Date(meta.consolidation.start_time).getTime()).toBe(t0);
      expect(new Date(meta.consolidation.end_time).getTime()).toBe(t0 + 5 * DAY);
      expect(c.content).toContain('alice purchase [count: 6, distinct: 4');
      const edges = (await sql<{ dst_id: string }>`SELECT dst_id FROM memory_edges WHERE src_id = ${c.id} AND kind = 'derived_from'`.execute(handle.db)).rows;
      expect(edges.map((e) => e.dst_id).sort()).toEqual([...alice].sort());

      // Still queryable, and the originals no longer come back as current.
      const search = createSearchService({ db: handle.db, embedder: null });
      const hits = await search.search({ text: 'alice purchase keyboard', mode: 'keyword', scopes: ['project:shop'] });
      expect(hits.results.map((h) => h.record.id)).toContain(c.id);
      expect(hits.results.map((h) => h.record.id)).not.toEqual(expect.arrayContaining([alice[0]]));
      const retrieved = await createRetrievalPipeline({ db: handle.db, search }).retrieve({ text: 'alice purchase monitor', scopes: ['project:shop'], mode: 'keyword' });
      const ids = retrieved.results.map((r) => r.id);
      expect(ids).toContain(c.id);
      for (const id of alice) expect(ids).not.toContain(id);

      // Idempotent: a second run compresses nothing and duplicates nothing.
      const again = await sweepsWith().run('consolidate');
      expect(again.counts['compress_committed'] ?? 0).toBe(0);
      expect(again.counts['archive_committed'] ?? 0).toBe(0);
      expect(await countRows(handle, sql`metadata ? 'consolidation'`)).toBe(1);
    });

    it('reaches >= 60% compression on repetitive events, counting bytes too', async () => {
      const t0 = clock.now().getTime() - 3 * DAY;
      for (let i = 0; i < 10; i++) {
        const item = ['A', 'B', 'C', 'D'][i % 4] as string;
        await storeEvent(gate, `User X bought item ${item} at the corner store, order number ${i}`, new Date(t0 + i * 3_600_000), { event_type: 'purchase', entities: ['user:x'], category: item });
      }
      const report = await sweepsWith().run('consolidate');
      expect(report.details?.['recordRatio']).toBeGreaterThanOrEqual(0.6);
      expect(report.details?.['byteRatio']).toBeGreaterThanOrEqual(0.6);
      const stats = await collectLifecycleStats({ db: handle.db, halfLifeDays, clock: clock.now });
      expect(stats.memories.consolidation).toMatchObject({ compressedMemories: 1, sources: 10 });
      expect(stats.memories.consolidation.recordRatio).toBeCloseTo(0.9);
      expect(stats.memories.consolidation.byteRatio).toBeGreaterThanOrEqual(0.6);
    });

    it('extracts entities from content when an event carries none, leaves memories stored on purpose alone, and a dry run changes nothing', async () => {
      const t0 = clock.now().getTime() - 2 * DAY;
      for (let i = 0; i < 5; i++) await storeEvent(gate, `Deploy of libs/memory/src/decay.ts attempt ${i} failed`, new Date(t0 + i * 60_000), { event_type: 'deploy' });
      // Episodes someone chose to store (no event type) share an entity too, but are never compressed.
      for (let i = 0; i < 5; i++) await storeEvent(gate, `Postmortem ${i}: libs/memory/src/decay.ts rounding went wrong`, new Date(t0 + i * 60_000), {});
      const dry = await sweepsWith().run('consolidate', { dryRun: true });
      expect(dry.counts['candidates']).toBe(5);
      expect(dry.counts).toMatchObject({ would_compress: 1, would_archive: 5 });
      expect(await countRows(handle, sql`status = 'archived'`)).toBe(0);
      const real = await sweepsWith().run('consolidate');
      expect(real.counts).toMatchObject({ compress_committed: 1, archive_committed: 5 });
    });

    it('a run that crashed between the compressed memory and the archives is completed by the next one, without a second memory', async () => {
      const t0 = clock.now().getTime() - 2 * DAY;
      const ids = [];
      for (let i = 0; i < 6; i++) ids.push(await storeEvent(gate, `Dana Lee renewed licence ${i}`, new Date(t0 + i * 60_000), { event_type: 'renewal', entities: ['user:dana'] }));
      let archives = 0;
      const crashing: GatePort = {
        ...gate,
        submit: async (req, actor) => {
          if ((req as { op: string }).op === 'archive' && ++archives === 3) throw new Error('injected crash');
          return gate.submit(req, actor);
        },
      };
      await expect(sweepsWith({ gate: crashing }).run('consolidate')).rejects.toThrow('injected crash');
      expect((await statusOf(handle, ids)).filter((s) => s === 'archived')).toHaveLength(2);
      const resumed = await sweepsWith().run('consolidate');
      expect(resumed.resumedFrom).not.toBeNull();
      expect(resumed.counts['repair_committed']).toBe(4);
      expect(resumed.counts['compress_committed']).toBeUndefined(); // no second create: the crash struck before any checkpoint
      expect(await statusOf(handle, ids)).toEqual(ids.map(() => 'archived'));
      expect(await countRows(handle, sql`metadata ? 'consolidation'`)).toBe(1);
    });

    it('leaves a compressed memory the gate queued for review to the reviewer instead of proposing it again', async () => {
      const t0 = clock.now().getTime() - 2 * DAY;
      // Two users with the same pattern at the same times: the second summary is a near duplicate of the first.
      for (const user of ['user:p', 'user:q']) {
        for (let i = 0; i < 5; i++) {
          await storeEvent(gate, `${user} opened the nightly report ${user === 'user:p' ? 'alpha' : 'beta'} ${i}`, new Date(t0 + i * 60_000), { event_type: 'report', entities: [user], category: 'nightly' });
        }
      }
      const first = await sweepsWith().run('consolidate');
      expect(first.counts).toMatchObject({ compress_committed: 1, compress_pending: 1 });
      const pendingBefore = await countGateRequests(handle, 'pending');
      const second = await sweepsWith().run('consolidate');
      expect(second.counts).toMatchObject({ awaiting_review: 1 });
      expect(second.counts['compress_pending']).toBeUndefined();
      expect(await countGateRequests(handle, 'pending')).toBe(pendingBefore);
    });
  });

  describe('archive sweep', () => {
    async function seedAged(): Promise<{ faded: string[]; fresh: string[] }> {
      const real = clock.now().getTime();
      clock.set(real - 60 * DAY); // task: half-life 7 d, so 60 days leave 0.5^(60/7) ≈ 0.003
      const faded = [];
      for (let i = 0; i < 7; i++) {
        const o = await gate.submit({ op: 'create', type: 'task', scope: 'project:shop', content: `old task number ${i} to water the plants` }, writer);
        faded.push(o.record?.id as string);
      }
      const oldFact = await gate.submit({ op: 'create', type: 'fact', scope: 'project:shop', content: 'the shop opens at nine' }, writer);
      clock.set(real);
      const fresh = [oldFact.record?.id as string];
      for (let i = 0; i < 3; i++) fresh.push((await gate.submit({ op: 'create', type: 'task', scope: 'project:shop', content: `fresh task ${i} for today` }, writer)).record?.id as string);
      return { faded, fresh };
    }

    it('archives memories below 0.1 effective confidence through the gate with a reason, keeps them, and is idempotent', async () => {
      const { faded, fresh } = await seedAged();
      const report = await sweepsWith().run('archive');
      expect(report.counts).toMatchObject({ scanned: 11, archive_committed: 7 });
      expect(await statusOf(handle, faded)).toEqual(faded.map(() => 'archived'));
      expect(await statusOf(handle, fresh)).toEqual(fresh.map(() => 'active'));
      const audit = (await sql<{ reason: string; requested_by: string }>`
        SELECT reason, requested_by FROM gate_requests WHERE operation = 'archive' AND target_id = ${faded[0]}`.execute(handle.db)).rows;
      expect(audit).toHaveLength(1);
      expect(audit[0]?.requested_by).toBe('lifecycle-sweeper');
      const payloadReason = (await sql<{ r: string }>`SELECT payload->'request'->>'reason' AS r FROM gate_requests WHERE operation = 'archive' AND target_id = ${faded[0]}`.execute(handle.db)).rows[0]?.r;
      expect(payloadReason).toMatch(/effective confidence 0\.0\d+ < 0\.1 \(type task, half-life 7 d/);

      const again = await sweepsWith().run('archive');
      expect(again.counts).toEqual({ scanned: 4 });
      const stats = await collectLifecycleStats({ db: handle.db, halfLifeDays, clock: clock.now });
      expect(stats.memories.byStatus).toMatchObject({ active: 4, archived: 7 });
      expect(stats.memories.belowArchiveThreshold).toBe(0);
      expect(stats.sweeps.latest.find((r) => r.sweep === 'archive')).toMatchObject({ status: 'completed', counts: { scanned: 4 } });
    });

    it('keeps a memory whose outcome feedback slowed its decay (half-life factor), as retrieval ranks it', async () => {
      const { faded } = await seedAged();
      const useful = faded[0] as string;
      const report = await sweepsWith({ decayFactors: async (ids) => new Map(ids.filter((id) => id === useful).map((id) => [id, 10])) }).run('archive');
      expect(report.counts).toMatchObject({ archive_committed: 6 });
      expect(await statusOf(handle, [useful])).toEqual(['active']);
    });

    it('a dry run reports and changes nothing', async () => {
      await seedAged();
      const dry = await sweepsWith().run('archive', { dryRun: true });
      expect(dry.counts).toMatchObject({ scanned: 11, would_archive: 7 });
      expect(dry.planned).toHaveLength(7);
      expect(await countRows(handle, sql`status = 'archived'`)).toBe(0);
    });

    it('resumes a crashed run from its checkpoint instead of starting over', async () => {
      await seedAged();
      const crashOnSecond = async (_sweep: string, batch: number) => {
        if (batch === 2) throw new Error('injected crash after batch 2');
      };
      await expect(sweepsWith({ afterBatch: crashOnSecond, options: { pauseMs: 0, batchSize: 3 } }).run('archive')).rejects.toThrow('injected crash');
      const runs = new SweepRunRepository(handle.db, 60_000);
      const failed = (await runs.latest()).find((r) => r.sweep === 'archive');
      expect(failed).toMatchObject({ status: 'failed', error: 'injected crash after batch 2', counts: { scanned: 6 } });
      expect(failed?.cursor).not.toBeNull();

      const resumed = await sweepsWith({ options: { pauseMs: 0, batchSize: 3 } }).run('archive');
      expect(resumed.resumedFrom).toBe(failed?.id);
      // 11 memories in all: the resumed run read only the 5 after the cursor.
      expect(resumed.counts).toMatchObject({ scanned: 11, archive_committed: 7 });
      expect(await countRows(handle, sql`status = 'archived'`)).toBe(7);
    });

    it('refuses a second live run and takes over one whose process died (lease expired)', async () => {
      await seedAged();
      const runs = new SweepRunRepository(handle.db, 60_000);
      const live = await runs.claim('archive', { dryRun: false, trigger: 'test', now: clock.now() });
      await expect(sweepsWith({ options: { pauseMs: 0, leaseMs: 60_000 } }).run('archive')).rejects.toBeInstanceOf(SweepBusyError);
      clock.set(clock.now().getTime() + 120_000);
      const takeover = await sweepsWith({ options: { pauseMs: 0, leaseMs: 60_000 } }).run('archive');
      expect(takeover.resumedFrom).toBe(live.run.id);
      expect(takeover.counts['archive_committed']).toBe(7);
      expect((await runs.get(live.run.id))?.status).toBe('abandoned');
    });
  });

  it('lets exactly one of two concurrent claims of a sweep through', async () => {
    const runs = new SweepRunRepository(handle.db, 60_000);
    const claims = await Promise.allSettled([0, 1].map(() => runs.claim('consolidate', { dryRun: false, trigger: 'test', now: clock.now() })));
    expect(claims.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    const rejected = claims.find((c) => c.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(SweepBusyError);
    expect(rejected.reason.code).toBe('SWEEP_BUSY');
  });

  it('reembed without a model fails clearly and records the error', async () => {
    await expect(sweepsWith().run('reembed')).rejects.toThrow(/needs the embedding model/);
    const stats = await collectLifecycleStats({ db: handle.db, halfLifeDays });
    expect(stats.sweeps.lastErrors.map((e) => e.sweep)).toEqual(['reembed']);
  });
});
