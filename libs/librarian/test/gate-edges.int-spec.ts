import { sql, type Kysely } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';
import { agent, counts, useGateDatabase, user } from './gate-fixtures.js';

interface EdgeRow { src_id: string; dst_id: string; kind: string; weight: number }

async function edgesOf(db: Kysely<any>, id: string): Promise<EdgeRow[]> {
  const r = await sql<EdgeRow>`SELECT src_id, dst_id, kind, weight FROM memory_edges WHERE src_id = ${id}::uuid OR dst_id = ${id}::uuid ORDER BY kind, src_id, dst_id`.execute(db);
  return r.rows.map((e) => ({ ...e, weight: Number(e.weight) }));
}

describe.each(testBackends)('Gate maintains the memory graph on $name', (backend) => {
  const ctx = useGateDatabase(backend);
  const create = async (content: string, extra: Record<string, unknown> = {}, scope = 'project:g') => {
    const out = await ctx.gate.submit({ op: 'create', type: 'fact', content, scope, ...extra }, user);
    expect(out.status).toBe('committed');
    return out.record?.id as string;
  };

  it('writes explicit derived_from / supports / relates_to links from the new record', async () => {
    const base = await create('The billing service stores invoices in Postgres 15');
    const other = await create('Invoice numbers are allocated from a sequence per tenant');
    const derived = await create('Invoice exports read from the billing database replica', {
      links: [{ kind: 'derived_from', target: base }, { kind: 'supports', target: other, weight: 0.5 }, { kind: 'relates_to', target: base }],
    });
    expect(await edgesOf(ctx.handle.db, derived)).toEqual([
      { src_id: derived, dst_id: base, kind: 'derived_from', weight: 1 },
      { src_id: derived, dst_id: base, kind: 'relates_to', weight: 1 },
      { src_id: derived, dst_id: other, kind: 'supports', weight: 0.5 },
    ]);
  });

  it('refuses a link to an unknown record or into another scope, and stores nothing', async () => {
    const foreign = await create('Staging uses a single Redis node', {}, 'project:other');
    const before = await counts(ctx.handle.db);
    const cross = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Cache keys expire after an hour', scope: 'project:g', links: [{ kind: 'relates_to', target: foreign }] }, user);
    // Another scope's record answers as an unknown id does (no existence oracle), even once forgotten.
    expect(cross).toMatchObject({ status: 'rejected', code: 'RECORD_NOT_FOUND' });
    expect(cross.reason).not.toContain('project:other');
    await ctx.gate.submit({ op: 'forget', id: foreign }, user);
    const crossForgotten = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Cache keys expire after a week', scope: 'project:g', links: [{ kind: 'relates_to', target: foreign }] }, user);
    expect(crossForgotten).toMatchObject({ status: 'rejected', code: 'RECORD_NOT_FOUND' });
    expect(crossForgotten.reason?.replace(foreign, 'ID')).toBe(cross.reason?.replace(foreign, 'ID'));
    const missing = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Cache keys expire after a day', scope: 'project:g', links: [{ kind: 'supports', target: '00000000-0000-4000-8000-000000000000' }] }, user);
    expect(missing).toMatchObject({ status: 'rejected', code: 'RECORD_NOT_FOUND' });
    const after = await counts(ctx.handle.db);
    expect([after.memories, after.memory_edges]).toEqual([before.memories, before.memory_edges]);
  });

  it('allows a link to a global record', async () => {
    const global = await create('All services log in JSON lines', {}, 'global');
    const local = await create('The gateway logs request ids in every line', { links: [{ kind: 'relates_to', target: global }] });
    expect(await edgesOf(ctx.handle.db, local)).toEqual([{ src_id: local, dst_id: global, kind: 'relates_to', weight: 1 }]);
  });

  it('rejects a malformed link (strict schema): unknown kind, extra field, self link', async () => {
    const id = await create('Deploys happen on Tuesdays and Thursdays');
    for (const links of [[{ kind: 'supersedes', target: id }], [{ kind: 'supports', target: id, note: 'x' }], [{ kind: 'supports', target: id, weight: 2 }]]) {
      const out = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Deploys happen on Mondays', scope: 'project:g', links } as never, user);
      expect(out).toMatchObject({ status: 'rejected', code: 'INVALID_REQUEST' });
    }
    const self = await ctx.gate.submit({ op: 'create', id, type: 'fact', content: 'Self', scope: 'project:g', links: [{ kind: 'supports', target: id }] }, user);
    expect(self).toMatchObject({ status: 'rejected', code: 'INVALID_REQUEST' });
  });

  it('links close neighbours found by Layer 2 with similar_to, stored once in canonical order', async () => {
    const a = await create('The search indexer batches updates every thirty seconds into Elasticsearch');
    const b = await create('The search indexer batches updates every ten seconds into Elasticsearch');
    const edges = await edgesOf(ctx.handle.db, b);
    expect(edges).toHaveLength(1);
    const [src, dst] = [a, b].sort();
    expect(edges[0]).toMatchObject({ src_id: src, dst_id: dst, kind: 'similar_to' });
    expect(edges[0]?.weight).toBeGreaterThanOrEqual(0.5);
    expect(edges[0]?.weight).toBeLessThan(1);
    // An unrelated record gets no similar_to edge.
    const c = await create('Grace owns the notification worker');
    expect(await edgesOf(ctx.handle.db, c)).toEqual([]);
  });

  it('adds a contradicts edge when Layer 2 flags a conflict, also after the reviewer approves', async () => {
    const yes = await create('The mobile backend uses Redis for sessions');
    const no = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'The mobile backend does not use Redis for sessions', scope: 'project:g' }, agent);
    expect(no).toMatchObject({ status: 'pending', flags: ['possible_conflict'] });
    expect(await edgesOf(ctx.handle.db, yes)).toEqual([]);
    const approved = await ctx.gate.approve(no.requestId, 'bob');
    const noId = approved.record?.id as string;
    const kinds = (await edgesOf(ctx.handle.db, noId)).map((e) => e.kind);
    expect(kinds).toContain('contradicts');
    const contradicts = (await edgesOf(ctx.handle.db, noId)).find((e) => e.kind === 'contradicts');
    expect([contradicts?.src_id, contradicts?.dst_id].sort()).toEqual([yes, noId].sort());
  });

  it('supersede writes the supersedes edge and the replacement links; a repeat writes no duplicate', async () => {
    const base = await create('Releases are cut from the main branch');
    const old = await create('The release train leaves every two weeks');
    const sup = await ctx.gate.submit({
      op: 'supersede', id: old,
      replacement: { type: 'fact', content: 'The release train leaves every week', scope: 'project:g', links: [{ kind: 'derived_from', target: base }] },
    }, user);
    expect(sup.status).toBe('committed');
    const next = sup.record?.id as string;
    const edges = await edgesOf(ctx.handle.db, next);
    expect(edges.map((e) => [e.kind, e.src_id, e.dst_id])).toEqual([
      ['derived_from', next, base],
      ['supersedes', next, old],
    ]);
    const total = (await counts(ctx.handle.db)).memory_edges;
    const again = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'The release train leaves every week', scope: 'project:g', links: [{ kind: 'derived_from', target: base }] }, user);
    expect(again.status).toBe('noop');
    expect((await counts(ctx.handle.db)).memory_edges).toBe(total);
  });

  it('a rejected supersede with a bad link rolls back: no version, no edge', async () => {
    const old = await create('Backups run at 02:00 UTC');
    const before = await counts(ctx.handle.db);
    const out = await ctx.gate.submit({
      op: 'supersede', id: old,
      replacement: { type: 'fact', content: 'Backups run at 03:00 UTC', scope: 'project:g', links: [{ kind: 'derived_from', target: '00000000-0000-4000-8000-000000000001' }] },
    }, user);
    expect(out).toMatchObject({ status: 'rejected', code: 'RECORD_NOT_FOUND' });
    const after = await counts(ctx.handle.db);
    expect([after.memories, after.memory_versions, after.memory_edges]).toEqual([before.memories, before.memory_versions, before.memory_edges]);
  });
});
