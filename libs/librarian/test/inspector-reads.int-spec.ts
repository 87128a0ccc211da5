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

  it('counts decisions per day and memories per type, status and day', async () => {
    const day = new Date().toISOString().slice(0, 10);
    expect((await gateThroughput(ctx.handle.db, 1)).find((t) => t.day === day && t.action === 'approve')?.count).toBeGreaterThanOrEqual(4);
    expect(await countMemoriesByTypeAndStatus(ctx.handle.db)).toEqual(expect.arrayContaining([{ type: 'fact', status: 'active', count: 2 }, { type: 'fact', status: 'archived', count: 1 }]));
    expect(await countMemoriesCreatedPerDay(ctx.handle.db, 1)).toEqual([{ day, type: 'fact', count: 3 }]);
  });
});
