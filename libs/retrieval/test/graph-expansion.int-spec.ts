import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import type { EdgeKind } from '@engram/memory';
import { createPageRankGraphExpander, expandByGraph, InvalidSearchQueryError } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord, updateRecord, type RecordSeed } from './fixtures.js';

/*
 * Edges are written with engram_add_edge, the function the gate's writer calls (retrieval may not
 * depend on the librarian, a sibling lib); the gate's own edge maintenance is tested in
 * libs/librarian/test/gate-edges.int-spec.ts. An edge into another project is one the function
 * refuses (ADR-0022); traversal must still ignore it (defence in depth), so the test writes it as
 * the table's owner.
 */
async function edge(db: Kysely<any>, src: string, dst: string, kind: EdgeKind, weight = 1): Promise<void> {
  try {
    await sql`SELECT engram_add_edge(${src}::uuid, ${dst}::uuid, ${kind}, ${weight}::real)`.execute(db);
  } catch (err) {
    if (!String(err).includes('EDGE_CROSS_SCOPE')) throw err;
    await sql`INSERT INTO memory_edges (src_id, dst_id, kind, weight) VALUES (${src}::uuid, ${dst}::uuid, ${kind}, ${weight}::real)`.execute(db);
  }
}

describe.each(testBackends)('graph expansion ($name)', (backend) => {
  let handle: DatabaseHandle;
  const ids: Record<string, string> = {};
  const A = 'project:a';

  beforeAll(async () => {
    handle = await backend.open();
    const db = handle.db;
    const rec = async (key: string, scope = A, extra: Partial<RecordSeed> = {}) => {
      ids[key] = await seedRecord(db, { content: `record ${key}`, scope, ...extra });
    };
    for (const k of ['seed', 'derived', 'support2', 'similar', 'hop3', 'bridgeOld', 'behindOld', 'hidden', 'decisionX']) await rec(k);
    await rec('expired', A, { validFrom: new Date('2020-01-01'), validTo: new Date('2021-01-01') });
    await rec('foreign', 'project:b');
    await rec('globalFact', 'global');
    await updateRecord(db, ids['bridgeOld'] as string, { status: 'superseded', superseded_by: ids['seed'], valid_to: new Date() }, 'supersede');
    await updateRecord(db, ids['decisionX'] as string, { type: 'decision' });
    const e = (a: string, b: string, kind: EdgeKind, w = 1) => edge(db, ids[a] as string, ids[b] as string, kind, w);
    await e('derived', 'seed', 'derived_from');         // hop 1
    await e('derived', 'support2', 'supports');         // hop 2 via derived
    await e('seed', 'similar', 'similar_to', 0.6);      // hop 1
    await e('support2', 'hop3', 'relates_to');          // hop 3
    await e('seed', 'bridgeOld', 'supersedes');         // hop 1, superseded: a bridge only
    await e('bridgeOld', 'behindOld', 'relates_to');    // hop 2 through the superseded record
    await e('seed', 'expired', 'relates_to');           // expired: never returned
    await e('seed', 'foreign', 'relates_to');           // another scope: never traversed
    await e('foreign', 'hidden', 'relates_to');         // reachable only through the foreign record
    await e('similar', 'globalFact', 'relates_to');     // global: visible when the reader sees global
    await e('seed', 'decisionX', 'relates_to', 0.2);
  });
  afterAll(async () => {
    await handle.close();
  });

  const expand = (over: Partial<Parameters<typeof expandByGraph>[1]> = {}) =>
    expandByGraph({ db: handle.db }, { seedIds: [ids['seed'] as string], scopes: [A], ...over });
  const keyOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0];

  it('answers the pipeline\'s GraphExpander port: same records and order, scores rescaled to [0, 1], the path in `via`', async () => {
    const direct = await expand({ limit: 3 });
    const hits = await createPageRankGraphExpander({ db: handle.db }).expand([ids['seed'] as string], { scopes: [A], limit: 3 });
    expect(hits.map((h) => h.id)).toEqual(direct.results.map((r) => r.id));
    expect(hits[0]?.score).toBe(1);
    for (const h of hits) expect(h.score).toBeGreaterThan(0);
    expect(hits.find((h) => keyOf(h.id) === 'derived')?.via).toBe(`${ids['seed']} → derived_from`);
    expect(await createPageRankGraphExpander({ db: handle.db }).expand([ids['seed'] as string], { scopes: ['project:b'], limit: 3 })).toEqual([]);
  });

  it('ranks the 2-hop neighbourhood by personalised PageRank with the path that brought each record in', async () => {
    const out = await expand();
    const keys = out.results.map((r) => keyOf(r.id));
    expect(new Set(keys)).toEqual(new Set(['derived', 'similar', 'support2', 'behindOld', 'decisionX']));
    expect(keys[0]).toBe('derived');
    const support2 = out.results.find((r) => keyOf(r.id) === 'support2');
    expect(support2).toMatchObject({ hops: 2, seedId: ids['seed'] });
    expect(support2?.path).toEqual([
      { from: ids['seed'], to: ids['derived'], kind: 'derived_from' },
      { from: ids['derived'], to: ids['support2'], kind: 'supports' },
    ]);
    expect(out.results.find((r) => keyOf(r.id) === 'behindOld')?.path.map((s) => s.kind)).toEqual(['supersedes', 'relates_to']);
    expect(out).toMatchObject({ seeds: [ids['seed']], truncated: false, converged: true });
    for (let i = 1; i < out.results.length; i++) expect(out.results[i - 1]?.score).toBeGreaterThanOrEqual(out.results[i]?.score as number);
  });

  it('never returns superseded, expired, or out-of-scope records, nor anything reached only through another scope', async () => {
    const keys = (await expand({ maxHops: 4 })).results.map((r) => keyOf(r.id));
    for (const k of ['bridgeOld', 'expired', 'foreign', 'hidden', 'globalFact', 'seed']) expect(keys).not.toContain(k);
    expect(keys).toContain('hop3');
  });

  it('returns a global neighbour only to a reader who sees global', async () => {
    const keys = (await expand({ scopes: [A, 'global'] })).results.map((r) => keyOf(r.id));
    expect(keys).toContain('globalFact');
  });

  it('ranks the seeds too when asked, at hop 0 with an empty path', async () => {
    const out = await expand({ includeSeeds: true });
    expect(out.results[0]).toMatchObject({ id: ids['seed'], hops: 0, path: [], seedId: ids['seed'] });
    expect(out.results.map((r) => keyOf(r.id))).toContain('derived');
  });

  it('ignores seeds the reader cannot see', async () => {
    const out = await expandByGraph({ db: handle.db }, { seedIds: [ids['foreign'] as string], scopes: [A] });
    expect(out).toMatchObject({ results: [], seeds: [] });
    const none = await expandByGraph({ db: handle.db }, { seedIds: [ids['seed'] as string], scopes: [] });
    expect(none.results).toEqual([]);
  });

  it('respects hop and node bounds, type filters and kind weights', async () => {
    expect((await expand({ maxHops: 1 })).results.map((r) => r.hops)).toEqual(expect.arrayContaining([1]));
    expect((await expand({ maxHops: 1 })).results.every((r) => r.hops === 1)).toBe(true);
    const capped = await expand({ maxNodes: 3 });
    expect(capped.nodes).toBe(3);
    expect(capped.truncated).toBe(true);
    expect((await expand({ types: ['decision'] })).results.map((r) => keyOf(r.id))).toEqual(['decisionX']);
    const noSimilar = await expand({ kindWeights: { similar_to: 0 } });
    expect(noSimilar.results.map((r) => keyOf(r.id))).not.toContain('similar');
    expect((await expand({ limit: 2 })).results).toHaveLength(2);
  });

  it('rejects absurd bounds with a clear error', async () => {
    await expect(expand({ maxNodes: 0 })).rejects.toBeInstanceOf(InvalidSearchQueryError);
    await expect(expand({ maxHops: 9 })).rejects.toBeInstanceOf(InvalidSearchQueryError);
    await expect(expand({ damping: 1.5 })).rejects.toBeInstanceOf(InvalidSearchQueryError);
    await expect(expand({ kindWeights: { similar_to: -1 } })).rejects.toBeInstanceOf(InvalidSearchQueryError);
  });
});
