import { materialiseProgress, PRD_EVENT_TYPES, type CallContext, type MemoryService, type PrdEventType } from '@engram/agents';
import { testBackends } from '../../../tools/test/backends.js';
import { seededRandom } from '../src/continuity/seeded-random.js';
import { composeTestService } from './compose-test-service.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const acme: CallContext = { actor: 'mcp:continuity-test', scope: 'project:acme' };
const other: CallContext = { actor: 'mcp:continuity-test', scope: 'project:other' };
const operator: CallContext = { actor: 'cli:operator', admin: true };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

function compose(handle: DatabaseHandle, prdCacheSize?: number): MemoryService {
  return composeTestService(handle, { deps: prdCacheSize ? { prdCacheSize } : {} });
}


describe.each(testBackends)('work continuity ($name)', (backend) => {
  let handle: DatabaseHandle;
  let service: MemoryService;

  beforeAll(async () => {
    handle = await backend.open();
    service = compose(handle);
  });
  afterAll(async () => handle?.close());

  /** A snapshot of everything a refused call must leave untouched. */
  async function state(id: string) {
    const e = await service.prd.get(id, acme);
    const events = await service.prd.events(id, acme, { limit: 1000 });
    return { revision: e.revision, status: e.status, progress: e.progress, lastSeq: e.lastSeq, events: events.length };
  }

  it('starts, resumes by reference and detects a changed PRD by its content hash', async () => {
    const first = await service.prd.start({ ref: 'docs/prd-auth.md', title: 'Auth', content: 'v1 text', requirements: ['R1', 'R2'] }, acme);
    expect(first).toMatchObject({ created: true, prdChanged: false });
    expect(first.execution).toMatchObject({ scope: 'project:acme', status: 'not_started', progress: { not_started: ['R1', 'R2'] } });
    const again = await service.prd.start({ ref: 'docs/prd-auth.md', content: 'v1 text' }, acme);
    expect(again).toMatchObject({ created: false, prdChanged: false });
    expect(again.execution.id).toBe(first.execution.id);
    const changed = await service.prd.start({ ref: 'docs/prd-auth.md', content: 'v2 text', requirements: ['R3'] }, acme);
    expect(changed).toMatchObject({ created: false, prdChanged: true, previousHash: first.execution.hash });
    expect(changed.execution.progress.not_started).toEqual(['R1', 'R2', 'R3']);
    // Another project with the same path is another execution.
    const elsewhere = await service.prd.start({ ref: 'docs/prd-auth.md' }, other);
    expect(elsewhere.execution.id).not.toBe(first.execution.id);
  });

  it('runs a lifecycle: events, decisions, blockers, learnings, completion with compaction through the gate', async () => {
    const { execution } = await service.prd.start({ ref: 'a1b2c3d', title: 'Billing', requirements: ['B1', 'B2', 'B3'] }, acme);
    const id = execution.id;
    await service.prd.appendEvent(id, { type: 'requirement_started', requirementId: 'B1', summary: 'invoice model' }, acme);
    const decided = await service.prd.recordDecision(id, {
      decision: 'store amounts as integer cents', reason: 'floating point rounding lost cents', alternatives: ['numeric(12,2)', 'float8'], requirementId: 'B1',
    }, acme);
    expect(decided.decision).toMatchObject({ alternatives: ['numeric(12,2)', 'float8'], reason: 'floating point rounding lost cents' });
    expect(decided.decision.memory?.status).toBe('approved');
    const memory = await service.get(decided.decision.memory?.id ?? '', acme);
    expect(memory).toMatchObject({ type: 'decision', scope: 'project:acme', source: { type: 'prd_decision', id: decided.decision.id } });
    expect(memory.content).toContain('Rejected alternatives: numeric(12,2); float8');
    await service.prd.appendEvent(id, { type: 'requirement_started', requirementId: 'B2', summary: 'payment provider' }, acme);
    const blocked = await service.prd.appendEvent(id, { type: 'blocker_hit', requirementId: 'B2', summary: 'sandbox API keys missing' }, acme);
    expect(blocked.event.formation?.status).toBe('approved');
    let ctx = await service.prd.context(id, acme);
    expect(ctx.execution.status).toBe('in_progress');
    expect(ctx.progress).toEqual({ completed: [], in_progress: ['B1'], blocked: ['B2'], not_started: ['B3'] });
    expect(ctx.blockers).toEqual([expect.objectContaining({ requirementId: 'B2', summary: 'sandbox API keys missing' })]);
    await service.prd.appendEvent(id, { type: 'blocker_resolved', requirementId: 'B2', summary: 'asked ops for sandbox keys via the vault' }, acme);
    await service.prd.appendEvent(id, { type: 'review_feedback', requirementId: 'B1', summary: 'reviewers want invoice numbers gap-free' }, acme);
    await service.prd.appendEvent(id, { type: 'requirement_completed', requirementId: 'B1', summary: 'invoices stored' }, acme);
    await service.prd.appendEvent(id, { type: 'requirement_completed', requirementId: 'B2', summary: 'provider integrated' }, acme);
    ctx = await service.prd.context(id, acme);
    expect(ctx.learnings.map((l) => l.type)).toEqual(['blocker_resolved', 'review_feedback']);
    expect(ctx.decisions).toHaveLength(1);
    expect(ctx.recentEvents.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    const done = await service.prd.updateStatus(id, 'completed', acme);
    expect(done.execution.status).toBe('completed');
    expect(done.execution.compactedAt).not.toBeNull();
    expect(done.compaction?.decisions).toEqual({ total: 1, formed: 1, failed: 0 });
    expect(done.compaction?.narrative).toContain('PRD "Billing" (a1b2c3d) completed after 8 events');
    expect(done.compaction?.narrative).toContain('store amounts as integer cents because floating point rounding lost cents (rejected: numeric(12,2); float8)');
    ctx = await service.prd.context(id, acme);
    expect(ctx.narrative).toBe(done.compaction?.narrative);
    expect(ctx.decisions).toHaveLength(1); // decisions are never lost by compaction
    const formed = await service.list({ tags: ['prd'], scope: 'project:acme' }, operator);
    const types = formed.items.filter((m) => m.metadata['prdExecutionId'] === id).map((m) => m.type).sort();
    // decision, blocker episode, blocker resolution skill, 2 completions, review learning, narrative.
    expect(types).toEqual(['decision', 'episode', 'episode', 'episode', 'episode', 'skill', 'skill']);
  });

  it('refuses bad input with a clear error and leaves the execution unchanged', async () => {
    const { execution } = await service.prd.start({ ref: 'docs/prd-bad.md', requirements: ['R1'] }, acme);
    const id = execution.id;
    await service.prd.appendEvent(id, { type: 'requirement_started', requirementId: 'R1', summary: 'begin', eventId: 'evt-1' }, acme);
    const before = await state(id);

    await expect(service.prd.appendEvent(id, { type: 'blocker_resolved', requirementId: 'R1', summary: 'nothing was blocked' }, acme))
      .rejects.toMatchObject({ code: 'EVENT_OUT_OF_ORDER' });
    await expect(service.prd.appendEvent(id, { type: 'requirement_completed', requirementId: 'R9', summary: 'never started' }, acme))
      .rejects.toMatchObject({ code: 'EVENT_OUT_OF_ORDER', message: expect.stringContaining('"R9" is out of order') });
    await expect(service.prd.updateStatus(id, 'completed', acme)).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
    await expect(service.prd.updateStatus(id, 'not_started', acme)).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
    // The same event again (a retry) is idempotent; the same id for another event is refused.
    const retry = await service.prd.appendEvent(id, { type: 'requirement_started', requirementId: 'R1', summary: 'begin', eventId: 'evt-1' }, acme);
    expect(retry).toMatchObject({ duplicate: true, event: { seq: 1 } });
    await expect(service.prd.appendEvent(id, { type: 'test_passed', requirementId: 'R1', summary: 'other', eventId: 'evt-1' }, acme))
      .rejects.toMatchObject({ code: 'DUPLICATE_EVENT' });
    await expect(service.prd.recordDecision(id, { decision: 'x', alternatives: [], eventId: 'evt-1' }, acme)).rejects.toMatchObject({ code: 'DUPLICATE_EVENT' });
    await expect(service.prd.appendEvent(id, { type: 'decision_made', summary: 'bad detail', detail: { alternatives: 'not a list' } }, acme))
      .rejects.toMatchObject({ code: 'INVALID_INPUT' });
    // Other scopes cannot see it; unknown and malformed ids are not found.
    await expect(service.prd.appendEvent(id, { type: 'test_passed', summary: 'sneaky' }, other)).rejects.toMatchObject({ code: 'PRD_NOT_FOUND' });
    await expect(service.prd.context(id, other)).rejects.toMatchObject({ code: 'PRD_NOT_FOUND' });
    await expect(service.prd.context(UNKNOWN, acme)).rejects.toMatchObject({ code: 'PRD_NOT_FOUND' });
    await expect(service.prd.appendEvent('not-a-uuid', { type: 'test_passed', summary: 'x' }, acme)).rejects.toMatchObject({ code: 'PRD_NOT_FOUND' });
    await expect(service.prd.updateStatus(UNKNOWN, 'paused', acme)).rejects.toMatchObject({ code: 'PRD_NOT_FOUND' });
    expect(await state(id)).toEqual(before);

    // A completed execution's log is closed.
    await service.prd.appendEvent(id, { type: 'requirement_completed', requirementId: 'R1', summary: 'done' }, acme);
    await service.prd.updateStatus(id, 'completed', acme);
    const closed = await state(id);
    await expect(service.prd.appendEvent(id, { type: 'test_passed', summary: 'late' }, acme)).rejects.toMatchObject({ code: 'PRD_CLOSED' });
    await expect(service.prd.updateStatus(id, 'in_progress', acme)).rejects.toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(await state(id)).toEqual(closed);
  });

  it('keeps stored progress equal to the fold of the stored log under random event streams', async () => {
    for (const seed of [11, 12, 13]) {
      const rand = seededRandom(seed);
      const declared = ['P1', 'P2'];
      const { execution } = await service.prd.start({ ref: `prop-${seed}`, requirements: declared }, acme);
      const reqs = ['P1', 'P2', 'P3'];
      const pickOne = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
      // Types that do not form memories keep the run fast; the reducer sees every moving type.
      const types: PrdEventType[] = PRD_EVENT_TYPES.filter((t) => !['requirement_completed', 'blocker_hit', 'blocker_resolved', 'error_encountered', 'agent_handoff', 'decision_made'].includes(t));
      const moving: PrdEventType[] = ['requirement_completed', 'blocker_hit', 'blocker_resolved'];
      const outcomes = { accepted: 0, refused: 0 };
      for (let i = 0; i < 40; i++) {
        const type = rand() < 0.25 ? pickOne(moving) : pickOne(types);
        const event = { type, requirementId: pickOne(reqs), summary: `step ${i}` };
        const before = await service.prd.events(execution.id, acme, { limit: 1000 });
        // The pure fold is the oracle: the service accepts exactly the events the fold accepts.
        const foldAccepts = (() => { try { materialiseProgress(declared, [...before, event]); return true; } catch { return false; } })();
        const append = service.prd.appendEvent(execution.id, event, acme);
        if (foldAccepts) await expect(append).resolves.toBeDefined();
        else await expect(append).rejects.toMatchObject({ code: 'EVENT_OUT_OF_ORDER' });
        outcomes[foldAccepts ? 'accepted' : 'refused'] += 1;
        const e = await service.prd.get(execution.id, acme);
        const log = await service.prd.events(execution.id, acme, { limit: 1000 });
        expect(log.length).toBe(before.length + (foldAccepts ? 1 : 0));
        expect(e.progress).toEqual(materialiseProgress(declared, log));
        expect(log.map((x) => x.seq)).toEqual(log.map((_, k) => k + 1));
        expect(e.lastSeq).toBe(log.length);
      }
      // Both paths ran: a stream that never refused (or never accepted) would check half the contract.
      expect(outcomes.accepted).toBeGreaterThan(0);
      expect(outcomes.refused).toBeGreaterThan(0);
    }
  });

  it('serves hot contexts from the cache and never serves a stale one, even across processes', async () => {
    const { execution } = await service.prd.start({ ref: 'docs/prd-cache.md', requirements: ['C1'] }, acme);
    const id = execution.id;
    const stats0 = service.prd.cacheStats();
    const first = await service.prd.context(id, acme);
    const second = await service.prd.context(id, acme);
    expect(second).toEqual(first);
    expect(service.prd.cacheStats().hits).toBe(stats0.hits + 1);
    await service.prd.appendEvent(id, { type: 'requirement_started', requirementId: 'C1', summary: 'go' }, acme);
    expect((await service.prd.context(id, acme)).progress.in_progress).toEqual(['C1']);
    // A second process (own cache) writes: this process's cached context is refreshed by revision.
    const otherProcess = compose(handle);
    await service.prd.context(id, acme);
    await otherProcess.prd.appendEvent(id, { type: 'test_passed', requirementId: 'C1', summary: 'unit tests pass' }, acme);
    const fresh = await service.prd.context(id, acme);
    expect(fresh.recentEvents.at(-1)?.summary).toBe('unit tests pass');
    // The budget cuts the response, not the cached or stored context.
    const small = await service.prd.context(id, acme, { maxTokens: 200 });
    expect(small.tokens).toBeLessThanOrEqual(200);
    expect(small.truncated?.recentEvents).toBeGreaterThan(0);
    expect((await service.prd.context(id, acme)).recentEvents).toHaveLength(2);
  });

  it('keeps the cache bounded (LRU)', async () => {
    const small = compose(handle, 2);
    const ids = [];
    for (const ref of ['lru-a', 'lru-b', 'lru-c']) ids.push((await small.prd.start({ ref }, acme)).execution.id);
    for (const id of ids) await small.prd.context(id, acme);
    expect(small.prd.cacheStats().size).toBe(2);
  });

  it('runs thinking chains: numbered thoughts, revisions, branches, completion with extraction, recall', async () => {
    const chain = await service.chains.start({ query: 'how should billing retries back off?' }, acme);
    expect(chain).toMatchObject({ status: 'active', thoughtCount: 0, scope: 'project:acme' });
    const t1 = await service.chains.think(chain.id, { content: 'retry every minute forever' }, acme);
    expect(t1.thought.number).toBe(1);
    await service.chains.think(chain.id, { content: 'exponential backoff capped at one hour, then dead-letter', revises: 1 }, acme);
    await service.chains.think(chain.id, { content: 'use the provider webhook instead', branchFrom: 1, branchId: 'webhook' }, acme);
    await service.chains.think(chain.id, { content: 'webhooks can be lost, keep polling as fallback', branchId: 'webhook' }, acme);
    const before = (await service.chains.get(chain.id, acme)).chain.thoughtCount;
    await expect(service.chains.think(chain.id, { content: 'x', revises: 99 }, acme)).rejects.toMatchObject({ code: 'INVALID_THOUGHT' });
    await expect(service.chains.think(chain.id, { content: 'x', branchId: 'nope' }, acme)).rejects.toMatchObject({ code: 'INVALID_THOUGHT' });
    await expect(service.chains.think(chain.id, { content: 'x', branchFrom: 2 }, acme)).rejects.toMatchObject({ code: 'INVALID_THOUGHT' });
    await expect(service.chains.think(chain.id, { content: 'x' }, other)).rejects.toMatchObject({ code: 'CHAIN_NOT_FOUND' });
    await expect(service.chains.think(UNKNOWN, { content: 'x' }, acme)).rejects.toMatchObject({ code: 'CHAIN_NOT_FOUND' });
    expect((await service.chains.get(chain.id, acme)).chain.thoughtCount).toBe(before);

    const done = await service.chains.finish(chain.id, {}, acme);
    expect(done.chain.status).toBe('completed');
    expect(done.chain.summary).toContain('concluded: exponential backoff capped at one hour');
    expect(done.chain.extracted?.summary.status).toBe('approved');
    expect(done.chain.extracted?.revisionPatterns).toHaveLength(1);
    const pattern = await service.get(done.chain.extracted?.revisionPatterns[0]?.id ?? '', acme);
    expect(pattern).toMatchObject({ type: 'skill', tags: expect.arrayContaining(['revision-pattern']) });
    expect(pattern.content).toContain('"retry every minute forever" needed revision to');
    await expect(service.chains.think(chain.id, { content: 'late' }, acme)).rejects.toMatchObject({ code: 'CHAIN_NOT_ACTIVE' });
    await expect(service.chains.finish(chain.id, {}, acme)).rejects.toMatchObject({ code: 'CHAIN_NOT_ACTIVE' });

    const empty = await service.chains.start({ query: 'nothing yet' }, acme);
    await expect(service.chains.finish(empty.id, {}, acme)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect((await service.chains.finish(empty.id, { abandon: true }, acme)).chain.status).toBe('abandoned');

    const recalled = await service.chains.recall('billing retries backoff', acme);
    expect(recalled.chains.map((c) => c.chainId)).toEqual([chain.id]);
    expect((await service.chains.recall('billing retries backoff', other)).chains).toEqual([]);
    await expect(service.chains.start({ query: 'q', prdExecutionId: UNKNOWN }, acme)).rejects.toMatchObject({ code: 'PRD_NOT_FOUND' });
  });
});
