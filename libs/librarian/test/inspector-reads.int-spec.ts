import { countMemoriesByTypeAndStatus, countMemoriesCreatedPerDay, readEdgeNeighbourhood } from '@engram/memory';
import { gateThroughput, searchGateAudit } from '@engram/librarian';
import { testBackends } from '../../../tools/test/backends.js';
import { useGateDatabase, user } from './gate-fixtures.js';

// The operator read queries behind the web inspector (issue 20, ADR-0024), on both engines.
describe.each(testBackends)('inspector read queries on $name', (backend) => {
  const ctx = useGateDatabase(backend);
  let a: string;
  let b: string;
  let c: string;

  beforeAll(async () => {
    const create = async (content: string, scope: string, links: Array<{ kind: 'derived_from' | 'supports'; target: string }> = []) =>
      (await ctx.gate.submit({ op: 'create', type: 'fact', content, scope, links }, user)).record?.id as string;
    a = await create('The build server runs on port 8080', 'project:ops');
    b = await create('Deploy scripts call the build server on 8080', 'project:ops', [{ kind: 'derived_from', target: a }]);
    c = await create('Dashboards read the deploy log', 'project:ops', [{ kind: 'supports', target: b }]);
    await ctx.gate.submit({ op: 'archive', id: c, reason: 'old dashboard' }, user);
  });

  it('loads the neighbourhood two hops out with every edge between the drawn records', async () => {
    const n = await readEdgeNeighbourhood(ctx.handle.db, a);
    expect(n.nodes.map((x) => [x.id, x.hop])).toEqual(expect.arrayContaining([[a, 0], [b, 1], [c, 2]]));
    expect(n.edges).toEqual(expect.arrayContaining([expect.objectContaining({ src: b, dst: a, kind: 'derived_from' }), expect.objectContaining({ src: c, dst: b, kind: 'supports' })]));
    expect(n.nodes.find((x) => x.id === c)?.status).toBe('archived');
    expect((await readEdgeNeighbourhood(ctx.handle.db, a, { hops: 1 })).nodes.map((x) => x.id).sort()).toEqual([a, b].sort());
    expect((await readEdgeNeighbourhood(ctx.handle.db, a, { maxNodes: 2 })).truncated).toBe(true);
  });

  it('filters the audit log newest first and pages it by keyset', async () => {
    const forC = await searchGateAudit(ctx.handle.db, { memoryId: c });
    expect(forC.items.map((e) => e.memoryVersion)).toEqual([2, 1]);
    expect((await searchGateAudit(ctx.handle.db, { memoryId: c, reasonContains: 'AUTO-APPROVED' })).items).toHaveLength(2);
    expect((await searchGateAudit(ctx.handle.db, { reasonContains: 'no audit says this' })).items).toEqual([]);
    const first = await searchGateAudit(ctx.handle.db, { limit: 2 });
    const second = await searchGateAudit(ctx.handle.db, { limit: 2, cursor: first.nextCursor as string });
    expect(first.items).toHaveLength(2);
    expect(second.items.map((e) => e.id)).not.toContain(first.items[0]?.id);
    expect((await searchGateAudit(ctx.handle.db, { memoryId: 'not-a-uuid' })).items).toEqual([]);
  });

  it('narrows the audit log by action, reviewer and request, and pages it to its end', async () => {
    const queued = await ctx.gate.submit({ op: 'create', type: 'belief', content: 'Audit filters need a reviewer', scope: 'project:audit' }, user);
    await ctx.gate.reject(queued.requestId, 'auditor', 'checking the filters');
    const everything = (await searchGateAudit(ctx.handle.db, { limit: 500 })).items;
    const ids = everything.map((e) => e.id);
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await searchGateAudit(ctx.handle.db, { limit: 2, ...(cursor ? { cursor } : {}) });
      pages.push(page.items.map((e) => e.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages.length < 50);
    expect(pages.flat()).toEqual(ids);
    expect(pages.slice(0, -1).every((p) => p.length === 2)).toBe(true);
    expect((await searchGateAudit(ctx.handle.db, { limit: ids.length })).nextCursor).toBeNull();
    expect((await searchGateAudit(ctx.handle.db, { limit: 0 })).items.map((e) => e.id)).toEqual(ids.slice(0, 1));
    const byRequest = await searchGateAudit(ctx.handle.db, { requestId: queued.requestId });
    expect(byRequest.items.map((e) => e.action)).toEqual(['reject', 'queue']);
    expect(byRequest.items[1]).toMatchObject({ memoryId: null, memoryVersion: null, policyMatched: 'review-belief-changes', decision: 'ADD' });
    expect((await searchGateAudit(ctx.handle.db, { reviewerContains: 'auditor' })).items.map((e) => [e.requestId, e.action])).toEqual([[queued.requestId, 'reject']]);
    // Issue 37: the reviewer filter is a case-insensitive substring, like the reason's.
    for (const part of ['AUDIT', 'dito', 'Auditor']) {
      expect((await searchGateAudit(ctx.handle.db, { reviewerContains: part })).items.map((e) => e.requestId)).toEqual([queued.requestId]);
    }
    expect((await searchGateAudit(ctx.handle.db, { reviewerContains: 'nobody' })).items).toEqual([]);
    const rejects = (await searchGateAudit(ctx.handle.db, { action: 'reject', limit: 500 })).items;
    expect(rejects.map((e) => e.requestId)).toContain(queued.requestId);
    expect(new Set(rejects.map((e) => e.action))).toEqual(new Set(['reject']));
    expect((await searchGateAudit(ctx.handle.db, { requestId: 'not-a-uuid' })).items).toEqual([]);
  });

  it('counts decisions per day and memories per type, status and day', async () => {
    const day = new Date().toISOString().slice(0, 10);
    expect((await gateThroughput(ctx.handle.db, 1)).find((t) => t.day === day && t.action === 'approve')?.count).toBeGreaterThanOrEqual(4);
    expect(await countMemoriesByTypeAndStatus(ctx.handle.db)).toEqual(expect.arrayContaining([{ type: 'fact', status: 'active', count: 2 }, { type: 'fact', status: 'archived', count: 1 }]));
    expect(await countMemoriesCreatedPerDay(ctx.handle.db, 1)).toEqual([{ day, type: 'fact', count: 3 }]);
  });
});
