import { LearningRepository, learningStats, resolveDecisionConfig } from '@engram/lifecycle';
import { createTypeRegistry, effectiveConfidence } from '@engram/memory';
import { InvalidInputError, type CallContext, type MemoryService } from '@engram/agents';
import { testBackends } from '../../../tools/test/backends.js';
import { composeTestService } from './compose-test-service.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const acme: CallContext = { actor: 'mcp:lifecycle-test', scope: 'project:acme' };
const other: CallContext = { actor: 'mcp:lifecycle-test', scope: 'project:other' };
const DAY = 86_400_000;
const config = resolveDecisionConfig();
const registry = createTypeRegistry();

function compose(handle: DatabaseHandle, clock: () => Date = () => new Date()): MemoryService {
  const learning = new LearningRepository(handle.db, config);
  return composeTestService(handle, { registry, clock, decayFactors: (ids) => learning.usefulness(ids), lifecycle: config });
}

async function count(handle: DatabaseHandle, table: string): Promise<number> {
  const r = await handle.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

describe.each(testBackends)('implicit formation and feedback ($name)', (backend) => {
  let handle: DatabaseHandle;
  let service: MemoryService;

  beforeAll(async () => {
    handle = await backend.open();
    service = compose(handle);
  });
  afterAll(async () => handle?.close());

  it('stores a relevant event as a normal gate request carrying relevance, reasons, entities and event type', async () => {
    const r = await service.formImplicit({ source: 'hook', kind: 'PostToolUse', text: 'Edited libs/billing/src/invoice.ts: added a null check for @carol', sessionId: 's1' }, acme);
    expect(r.action).toBe('store');
    expect(r.stored?.status).toBe('approved');
    const m = await service.get(r.stored?.id ?? '', acme);
    expect(m).toMatchObject({ type: 'task', scope: 'project:acme', source: { type: 'implicit:hook', id: 's1' } });
    expect((m.metadata['entities'] as string[]).sort()).toEqual(['file:libs/billing/src/invoice.ts', 'user:carol']);
    expect(m.metadata).toMatchObject({
      event_type: 'post_tool_use', decay_category: 'task', decision: 'store', session_id: 's1',
    });
    expect(m.metadata['relevance']).toBeCloseTo(r.relevance, 12);
    expect((m.metadata['decision_reasons'] as string[])[0]).toMatch(/>= threshold 0.3/);
    // The gate audited it like any write.
    const audit = await handle.db.selectFrom('gate_audit').select('request_id').where('request_id', '=', r.stored?.requestId ?? '').execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('links a new memory to earlier memories sharing an entity (graph connections → relates_to)', async () => {
    const first = await service.formImplicit({ source: 'prd', kind: 'blocker_hit', text: 'Blocked on #77: pg-boss fails to start in CI' }, acme);
    const second = await service.formImplicit({ source: 'prd', kind: 'blocker_resolved', text: 'Resolved #77 by pinning the schema name' }, acme);
    expect(second.stored?.status).toBe('approved');
    const edges = await handle.db.selectFrom('memory_edges').select(['src_id', 'dst_id', 'kind'])
      .where('kind', '=', 'relates_to').where('src_id', '=', second.stored?.id ?? '').execute();
    expect(edges.map((e) => e.dst_id)).toContain(first.stored?.id);
  });

  it('counts and logs a skipped event but never stores it', async () => {
    const memories = await count(handle, 'memories');
    const gateRequests = await count(handle, 'gate_requests');
    const r = await service.formImplicit({ source: 'telemetry', kind: 'heartbeat', text: 'heartbeat ok: cpu 12%', ts: new Date(Date.now() - 30 * DAY) }, acme);
    expect(r.action).toBe('skip');
    expect(r.stored).toBeUndefined();
    expect(await count(handle, 'memories')).toBe(memories);
    expect(await count(handle, 'gate_requests')).toBe(gateRequests);
    const row = await handle.db.selectFrom('lifecycle_events').select(['decision', 'memory_id']).where('id', '=', r.eventId).executeTakeFirstOrThrow();
    expect(row).toEqual({ decision: 'skip', memory_id: null });
  });

  it('refuses a malformed event with a clear error and records nothing', async () => {
    const before = await count(handle, 'lifecycle_events');
    await expect(service.formImplicit({ source: 'hook', kind: 'PostToolUse', text: '   ' }, acme)).rejects.toThrow(InvalidInputError);
    await expect(service.formImplicit({ source: 'email' as never, kind: 'x', text: 'y' }, acme)).rejects.toThrow(/source/);
    await expect(service.formImplicit({ source: 'hook', kind: 'x', text: 'y', scope: 'nope' }, acme)).rejects.toThrow(/scope/);
    expect(await count(handle, 'lifecycle_events')).toBe(before);
  });

  it('forms PRD event memories through the decision engine (implicit formation)', async () => {
    const { execution } = await service.prd.start({ ref: 'prd-lifecycle', title: 'Lifecycle', requirements: ['L1'] }, acme);
    const r = await service.prd.appendEvent(execution.id, { type: 'blocker_hit', requirementId: 'L1', summary: 'kysely migration order breaks on PGlite' }, acme);
    expect(r.event.formation?.status).toBe('approved');
    const m = await service.get(r.event.formation?.id ?? '', acme);
    expect(m.type).toBe('episode'); // the candidate's type is kept
    expect(m.metadata).toMatchObject({ event_type: 'blocker_hit', implicit_source: 'prd', prdRef: 'prd-lifecycle' });
    expect(m.metadata['entities']).toEqual(expect.arrayContaining(['prd:prd-lifecycle', 'requirement:l1']));
  });

  it('memory.feedback: records per visible id, reports unknown and invisible ids, and learning slows decay of useful memories', async () => {
    const a = await service.formImplicit({ source: 'hook', kind: 'PostToolUse', text: 'Ran the zebrafish migration script for the quokka module' }, acme);
    const b = await service.formImplicit({ source: 'hook', kind: 'PostToolUse', text: 'Ran the zebrafish cleanup script for the wombat module' }, acme);
    const idA = a.stored?.id ?? '';
    const idB = b.stored?.id ?? '';
    const hidden = await service.formImplicit({ source: 'hook', kind: 'PostToolUse', text: 'Ran zebrafish elsewhere' }, other);
    const unknown = '00000000-0000-4000-8000-000000000000';
    let out;
    for (let i = 0; i < 3; i++) out = await service.feedback({ memoryIds: [idA, unknown, hidden.stored?.id ?? '', 'not-a-uuid'], outcome: 'success', query: 'zebrafish script' }, acme);
    expect(out?.results).toEqual([
      { id: idA, status: 'recorded', usefulness: expect.closeTo(1.25 ** 3, 10) },
      { id: unknown, status: 'not_found' }, { id: hidden.stored?.id, status: 'not_found' }, { id: 'not-a-uuid', status: 'not_found' },
    ]);
    expect(out?.recorded).toBe(1);
    await expect(service.feedback({ memoryIds: [], outcome: 'success' }, acme)).rejects.toThrow(InvalidInputError);
    // 28 days later (four task half-lives), the memory that helped has decayed less than its twin (seed 003 stage 3):
    // its twin is at 0.5^4 = 0.06, below the default minimum confidence (0.1); it is at 0.5^(28/13.7) = 0.24.
    const later = compose(handle, () => new Date(Date.now() + 28 * DAY));
    const kept = await later.retrieve({ query: 'zebrafish script', mode: 'keyword', topK: 10 }, acme);
    expect(kept.results.map((x) => x.id)).toEqual([idA]);
    expect(kept.excluded).toEqual(expect.arrayContaining([{ id: idB, reason: 'below_min_confidence' }]));
    const res = await later.retrieve({ query: 'zebrafish script', mode: 'keyword', topK: 10, minConfidence: 0 }, acme);
    expect(res.results.map((x) => x.id)).toEqual(expect.arrayContaining([idA, idB]));
    const conf = (id: string) => {
      const hit = res.results.find((x) => x.id === id);
      return hit?.form === 'full' ? hit.scores.effectiveConfidence : Number.NaN;
    };
    expect(conf(idA)).toBeGreaterThan(conf(idB));
    const recA = await service.get(idA, acme);
    const at = new Date(Date.now() + 28 * DAY);
    expect(conf(idA)).toBeCloseTo(effectiveConfidence(recA, 7, at, { halfLifeFactor: 1.25 ** 3 }), 2);
    const stats = await learningStats(handle.db);
    expect(stats.feedback.success).toBe(3);
    expect(stats.decisions.received).toBeGreaterThan(5);
  });

  it('reinforce sets confidence to 1.0 through the gate (a new version); decay restarts from it', async () => {
    const stored = await service.store({ type: 'fact', content: 'The staging database is rebuilt every night', confidence: 0.5 }, acme);
    const r = await service.reinforce(stored.id, acme);
    expect(r).toMatchObject({ status: 'approved', gateStatus: 'committed' });
    const rec = await service.get(stored.id, acme);
    expect(rec).toMatchObject({ version: 2, confidence: 1 });
    expect(effectiveConfidence(rec, 138, rec.updatedAt)).toBe(1);
  });
});
