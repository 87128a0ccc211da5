import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import {
  contradictionBetween, createCascadeReviewQueue, createRetrievalPipeline, estimateJsonTokens, type CascadeReviewQueue, type GraphExpander, type GraphExpansionHit,
  type RetrievalPipeline, type RetrievedMemory, type RetrieveQuery,
} from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord, updateRecord, type RecordSeed } from './fixtures.js';

/*
 * The retrieval pipeline's candidate stages on stored state (seed 000 FR-04, seed 004): graph
 * neighbours are validated like search hits, the query's filters reach them too, exclusions say
 * why, cascades are queued without holding up the answer. Keyword search only (no model), a
 * pinned clock, and a GraphExpander that answers from a table of edges the test sets up: the
 * port's contract is what is exercised (the PageRank expander has its own spec).
 */

const DAY = 86_400_000;
const T0 = new Date('2026-03-01T00:00:00.000Z');
const semanticOnly = { semantic: 1, recency: 0, access: 0, confidence: 0 };

/** A graph whose neighbours are given per seed; it records what the pipeline asked. */
function tableGraph(neighbours: Record<string, GraphExpansionHit[]>) {
  const calls: { seedIds: string[]; scopes: string[]; limit: number | undefined }[] = [];
  const graph: GraphExpander = {
    async expand(seedIds, opts) {
      calls.push({ seedIds: [...seedIds], scopes: [...opts.scopes], limit: opts.limit });
      return seedIds.flatMap((id) => neighbours[id] ?? []);
    },
  };
  return { graph, calls };
}

describe.each(testBackends)('retrieval pipeline candidates ($name)', (backend) => {
  let handle: DatabaseHandle;
  const ids: Record<string, string> = {};
  const scope = 'project:kiln';
  const scopes = [scope];
  const seed = async (key: string, content: string, extra: Partial<RecordSeed> = {}) => {
    ids[key] = await seedRecord(handle.db, { content, scope, createdAt: T0, ...extra });
    return ids[key] as string;
  };
  const pipeline = (over: Partial<Parameters<typeof createRetrievalPipeline>[0]> = {}): RetrievalPipeline =>
    createRetrievalPipeline({ db: handle.db, clock: () => T0, ...over });
  const ask = (sut: RetrievalPipeline, q: Partial<RetrieveQuery> = {}) =>
    sut.retrieve({ text: 'kiln firing temperature', mode: 'keyword', scopes, minConfidence: 0, ranking: semanticOnly, ...q });
  const idsOf = (results: { id: string }[]) => results.map((r) => r.id);
  const full = (res: { results: unknown[] }, id: string | undefined) => res.results.find((r) => (r as RetrievedMemory).id === id) as RetrievedMemory;

  beforeAll(async () => {
    handle = await backend.open();
    const db = handle.db;
    await seed('kiln', 'The kiln firing temperature for stoneware is 1240 degrees.');
    await seed('kiln2', 'Bisque kiln firing uses a lower temperature.');
    // Neighbours: none shares a word with the query, so only the graph brings them in.
    await seed('glaze', 'Celadon glaze needs a reduction atmosphere.');
    await seed('shelf', 'Shelves are coated with batt wash.', { tags: ['equipment', 'maintenance'] });
    await seed('cone', 'Cone packs sit on the middle shelf.', { type: 'decision' });
    await seed('early', 'The studio opened in a garage.', { createdAt: new Date(T0.getTime() - 10 * DAY), tags: ['history'] });
    await seed('edgeAfter', 'Clay is wedged before throwing.', { createdAt: new Date(T0.getTime() - 5 * DAY) });
    await seed('edgeBefore', 'Trimming happens at leather hard.', { createdAt: new Date(T0.getTime() - 2 * DAY) });
    await seed('newer', 'Glaze recipes live in the binder.');
    await seed('older', 'Glaze recipes live on the whiteboard.');
    await updateRecord(db, ids.older!, { status: 'superseded', superseded_by: ids.newer }, 'supersede');
    await seed('retracted', 'The pug mill is broken.');
    await updateRecord(db, ids.retracted!, { status: 'invalidated', status_reason: 'fixed' }, 'invalidate');
    await seed('forgotten', 'Alex owes the studio rent.');
    await updateRecord(db, ids.forgotten!, { status: 'forgotten' }, 'forget');
    await seed('archived', 'The old wheel squeaks.', { status: 'archived' });
    await seed('expired', 'The glaze sale ends soon.', { validFrom: new Date(T0.getTime() - 3 * DAY), validTo: new Date(T0.getTime() - DAY) });
    await seed('future', 'The second kiln room opens next month.', { validFrom: new Date(T0.getTime() + DAY) });
    await seed('elsewhere', 'Another studio fires with wood.', { scope: 'project:other' });
    await seed('orphan', 'The slab roller needs new canvas.');
    await sql`UPDATE memories SET version = 5 WHERE id = ${ids.orphan}::uuid`.execute(db);
    // Derived from a superseded record: flagged, and queued for review when a queue is given.
    await seed('derived', 'Kiln firing notes summarised from the whiteboard.', { metadata: { derived_from: [ids.older] } });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('validates every graph neighbour like a search hit and says why each stale one was left out', async () => {
    const stale = ['older', 'retracted', 'forgotten', 'archived', 'expired', 'future', 'elsewhere', 'orphan'];
    const unknown = randomUUID();
    const hits = [...stale.map((k) => ids[k] as string), unknown, ids.glaze as string].map((id) => ({ id, score: 1, via: ids.kiln as string }));
    const { graph } = tableGraph({ [ids.kiln!]: hits });
    const res = await ask(pipeline({ graph }), { route: 'multi_hop', topK: 10 });
    expect(res.graphExpansion).toBe('applied');
    expect(idsOf(res.results).sort()).toEqual([ids.kiln, ids.kiln2, ids.derived, ids.glaze].sort());
    expect(res.excluded).toEqual(expect.arrayContaining([
      { id: ids.older, reason: 'superseded', relatedId: ids.newer },
      { id: ids.retracted, reason: 'invalidated' },
      { id: ids.forgotten, reason: 'forgotten' },
      { id: ids.archived, reason: 'archived' },
      { id: ids.expired, reason: 'expired' },
      { id: ids.future, reason: 'not_yet_valid' },
      { id: ids.elsewhere, reason: 'out_of_scope' },
      { id: ids.orphan, reason: 'orphan' },
      { id: unknown, reason: 'orphan' },
    ]));
    expect(res.excluded).toHaveLength(9);
    // Archived records are delivered when asked for, like search's own archived hits.
    const withArchived = await ask(pipeline({ graph }), { route: 'multi_hop', topK: 10, includeArchived: true });
    expect(idsOf(withArchived.results)).toContain(ids.archived);
    expect(withArchived.excluded.map((e) => e.id)).not.toContain(ids.archived);
  });

  it('asks the graph about the top-k hits only, within the caller\'s scopes, for at most top-k neighbours', async () => {
    const { graph, calls } = tableGraph({});
    const res = await ask(pipeline({ graph }), { route: 'multi_hop', topK: 1 });
    expect(calls).toEqual([{ seedIds: [res.results[0]?.id], scopes, limit: 1 }]);
    expect([ids.kiln, ids.kiln2]).toContain(res.results[0]?.id);
    const two = tableGraph({});
    const top2 = await ask(pipeline({ graph: two.graph }), { route: 'multi_hop', topK: 2 });
    expect(two.calls[0]?.seedIds.sort()).toEqual(idsOf(top2.results).sort());
    expect(two.calls[0]?.limit).toBe(2);
  });

  it('does not ask the graph when search found nothing, nor for a query that is not multi-hop', async () => {
    const { graph, calls } = tableGraph({});
    const none = await ask(pipeline({ graph }), { route: 'multi_hop', text: 'zeppelin hangar' });
    expect(none.results).toEqual([]);
    expect(calls).toEqual([]);
    const simple = await ask(pipeline({ graph }), { route: 'simple' });
    expect(simple.results.length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
    expect(simple.graphExpansion).toBeUndefined();
    expect((await ask(pipeline(), { route: 'multi_hop' })).graphExpansion).toBe('unavailable');
  });

  it('scores a neighbour by its graph weight (clamped to 0..1) times the relevance of the hit it came from', async () => {
    const via = ids.kiln as string;
    const { graph } = tableGraph({
      [via]: [
        { id: ids.glaze!, score: 0.5, via }, { id: ids.shelf!, score: 3, via }, { id: ids.cone!, score: -2, via },
        { id: ids.glaze!, score: 0.5, via }, { id: ids.kiln2!, score: 1, via },
      ],
      [ids.kiln2!]: [{ id: ids.early!, score: 1, via: randomUUID() }],
    });
    const res = await ask(pipeline({ graph }), { route: 'multi_hop', topK: 10 });
    const seedScore = full(res, via).scores.semantic;
    expect(seedScore).toBeGreaterThan(0);
    expect(full(res, ids.glaze).scores.semantic).toBeCloseTo(seedScore * 0.5, 3);
    expect(full(res, ids.shelf).scores.semantic).toBeCloseTo(seedScore, 3);
    expect(full(res, ids.cone).scores.semantic).toBe(0);
    // Reached from a record the search did not return: no relevance to inherit.
    expect(full(res, ids.early).scores.semantic).toBe(0);
    expect(full(res, ids.glaze).expandedFrom).toBe(via);
    // A neighbour the graph names twice is delivered once; one that search found keeps its search score.
    expect(idsOf(res.results).filter((id) => id === ids.glaze)).toHaveLength(1);
    expect(res.excluded.map((e) => e.id)).not.toContain(ids.glaze);
    expect(full(res, ids.kiln2).expandedFrom).toBeUndefined();
    expect(full(res, ids.kiln2).scores.keyword).toBeGreaterThan(0);
    expect(full(res, ids.glaze).scores.keyword).toBeUndefined();
    // Ranked by the blended score, best first.
    const finals = res.results.map((r) => (r as RetrievedMemory).scores.final);
    expect(finals).toEqual([...finals].sort((a, b) => b - a));
  });

  it('applies the query\'s type, tag and creation-date filters to graph neighbours, with search\'s bounds', async () => {
    const via = ids.kiln as string;
    const all = ['glaze', 'shelf', 'cone', 'early', 'edgeAfter', 'edgeBefore'].map((k) => ({ id: ids[k] as string, score: 1, via }));
    const { graph } = tableGraph({ [via]: all });
    const sut = pipeline({ graph });
    const got = async (q: Partial<RetrieveQuery>) => idsOf((await ask(sut, { route: 'multi_hop', topK: 10, ...q })).results);
    const types = await got({ types: ['fact'] });
    expect(types).toContain(ids.glaze);
    expect(types).not.toContain(ids.cone);
    expect(await got({ types: ['decision'] })).toEqual([]);
    // An empty list is no filter, as in search: agents send [] for "any".
    expect(await got({ types: [], tags: [] })).toEqual(expect.arrayContaining([ids.glaze, ids.cone, ids.shelf]));
    const filtered = await ask(sut, { route: 'multi_hop', topK: 10, types: ['fact'] });
    // Filtered out is not an exclusion: the record simply does not match the query.
    expect(filtered.excluded.map((e) => e.id)).not.toContain(ids.cone);
  });

  it('keeps a neighbour created at createdAfter and drops one created at createdBefore, as search does', async () => {
    const archive = 'project:kiln-archive';
    const via = await seed('oldHit', 'Kiln firing temperature chart from the first year.', { scope: archive, createdAt: new Date(T0.getTime() - 8 * DAY) });
    const { graph } = tableGraph({ [via]: ['early', 'edgeAfter', 'edgeBefore', 'glaze'].map((k) => ({ id: ids[k] as string, score: 1, via })) });
    const res = await ask(pipeline({ graph }), {
      route: 'multi_hop', topK: 10, scopes: [scope, archive], createdAfter: new Date(T0.getTime() - 10 * DAY), createdBefore: new Date(T0.getTime() - 2 * DAY),
    });
    expect(idsOf(res.results).sort()).toEqual([via, ids.early, ids.edgeAfter].sort());
  });

  it('keeps only neighbours with one of the asked tags', async () => {
    await seed('taggedHit', 'Kiln firing temperature log for the equipment check.', { tags: ['equipment'] });
    const via = ids.taggedHit as string;
    const { graph } = tableGraph({ [via]: [ids.shelf, ids.early, ids.glaze].map((id) => ({ id: id as string, score: 1, via })) });
    const res = await ask(pipeline({ graph }), { route: 'multi_hop', topK: 10, tags: ['equipment', 'firing'] });
    expect(idsOf(res.results).sort()).toEqual([ids.taggedHit, ids.shelf].sort());
    const after = await ask(pipeline({ graph }), { route: 'multi_hop', topK: 10, tags: ['equipment'], createdAfter: T0 });
    expect(idsOf(after.results).sort()).toEqual([ids.taggedHit, ids.shelf].sort());
  });

  it('flags a result derived from a superseded record, queues it, and still answers when the queue fails', async () => {
    const failures: unknown[] = [];
    let asked = 0;
    const broken = { ...createCascadeReviewQueue(handle.db), async flag() { asked += 1; throw new Error('queue down'); } } as CascadeReviewQueue;
    const res = await ask(pipeline({ reviewQueue: broken, onReviewQueueError: (err) => failures.push(err) }), { text: 'kiln firing notes summarised' });
    expect(full(res, ids.derived).issues).toContainEqual(expect.objectContaining({ code: 'derived_from_stale', relatedIds: [ids.older] }));
    expect(asked).toBe(1);
    expect(failures).toEqual([expect.objectContaining({ message: 'queue down' })]);
    // Nothing derived from a stale record among the results: the queue is not bothered.
    await ask(pipeline({ reviewQueue: broken, onReviewQueueError: (err) => failures.push(err) }), { text: 'stoneware' });
    expect(asked).toBe(1);
    const queue = createCascadeReviewQueue(handle.db);
    await ask(pipeline({ reviewQueue: queue }), { text: 'kiln firing notes summarised' });
    expect((await queue.listOpen()).filter((f) => f.memoryId === ids.derived)).toEqual([
      expect.objectContaining({ causeId: ids.older, causeStatus: 'superseded', reason: 'derived from a superseded record' }),
    ]);
  });

  it('answers nothing, without searching, for a caller who may see no scope', async () => {
    const { graph, calls } = tableGraph({});
    const res = await ask(pipeline({ graph }), { scopes: [], route: 'multi_hop' });
    expect(res).toMatchObject({ results: [], citations: [], excluded: [], budget: { usedTokens: 0, excludedCount: 0 } });
    expect(calls).toEqual([]);
  });

  it('says when it fell back to keyword search and how many records still wait for a vector', async () => {
    const res = await pipeline().retrieve({ text: 'kiln firing temperature', scopes });
    expect(res.mode).toBe('keyword');
    expect(res.degraded).toMatch(/no embedding model/);
    // Every active record of the scope waits for a vector (none was embedded).
    const visible = await handle.db.selectFrom('memories').select(sql<number>`count(*)::int`.as('n'))
      .where('scope', '=', scope).where('status', '=', 'active').executeTakeFirstOrThrow();
    expect(res.pendingEmbeddings).toBe(visible.n);
    const kw = await ask(pipeline());
    expect(kw.degraded).toBeUndefined();
    expect(kw.pendingEmbeddings).toBeUndefined();
  });

  it('takes its defaults from the deployment and lets the query override them', async () => {
    const sut = pipeline({ defaults: { topK: 1 } });
    expect((await ask(sut)).results).toHaveLength(1);
    expect((await ask(sut, { topK: 2 })).results).toHaveLength(2);
  });

  it('delivers every field a client reads, quoted line by line, with rounded scores and the penalties applied', async () => {
    const validTo = new Date(T0.getTime() + 30 * DAY);
    const id = await seed('fullForm', 'Glost firing schedule:\r\nramp to 600 degrees\nthen hold.', {
      scope: 'project:schedule', tags: ['firing', 'schedule'], validTo, metadata: { inferred: true, note: 'from the log' }, trust: 'tool', type: 'preference',
    });
    const res = await ask(pipeline(), { text: 'glost firing schedule', scopes: ['project:schedule'], ranking: { semantic: 0.7, recency: 0.2, access: 0.1 } });
    const m = full(res, id);
    const { scores, confidence, ...rest } = m;
    expect(rest).toEqual({
      form: 'full', id, type: 'preference', memoryClass: 'semantic', content: 'Glost firing schedule:\r\nramp to 600 degrees\nthen hold.',
      metadata: { inferred: true, note: 'from the log' }, tags: ['firing', 'schedule'], scope: 'project:schedule', version: 1,
      createdAt: T0.toISOString(), updatedAt: T0.toISOString(), validFrom: T0.toISOString(), validTo: validTo.toISOString(), trust: 'tool',
      provenance: { sourceType: 'test', sourceId: null, trust: 'tool', version: 1, gateRequestId: expect.any(String), recordedAt: expect.any(String) },
      citation: { id, type: 'preference', excerpt: m.content, createdAt: T0.toISOString(), confidence, url: `memory://${id}` },
      issues: [
        { code: 'expiring', message: `valid until ${validTo.toISOString()}` },
        { code: 'inferred', message: 'inferred, not stated explicitly' },
      ],
      quoted: `[memory://${id} · preference · trust=tool · project:schedule · 2026-03-01]\n> Glost firing schedule:\n> ramp to 600 degrees\n> then hold.`,
    });
    // Written at T0 and read at T0: full recency and confidence, no access yet; relevance is the only signal below 1.
    expect(scores).toEqual({ final: expect.any(Number), semantic: expect.any(Number), recency: 1, access: 0, effectiveConfidence: 1, keyword: expect.any(Number) });
    for (const v of Object.values(scores)) expect(v).toBe(Math.round(v * 1e4) / 1e4);
    expect(scores.final).toBeCloseTo(0.7 * scores.semantic + 0.2, 3);
    // Two penalties of 0.1 (an end of validity, inferred) on the final score.
    expect(confidence).toBeCloseTo(scores.final - 0.2, 3);
    expect(res.citations).toEqual([m.citation]);
  });

  it('drops a result whose decayed confidence is below minConfidence, keeps one at it, and decays by outcome feedback', async () => {
    const sc = 'project:decay';
    const onCall = await seed('onCall', 'Kiln duty this week: Priya.', { scope: sc, type: 'context', memoryClass: 'episodic', createdAt: new Date(T0.getTime() - DAY) });
    const half = await seed('halfSure', 'Kiln duty next week: maybe Omar.', { scope: sc, confidence: 0.5 });
    const q = { text: 'kiln duty week', scopes: [sc], minConfidence: 0.5 };
    // context has a half-life of one day: written a day before T0, it is at exactly 0.5 then; so is the 0.5 fact written at T0.
    const plain = await ask(pipeline(), q);
    expect(idsOf(plain.results).sort()).toEqual([onCall, half].sort());
    const stricter = await ask(pipeline(), { ...q, minConfidence: 0.6 });
    expect(stricter.results).toEqual([]);
    expect(stricter.excluded).toEqual(expect.arrayContaining([{ id: onCall, reason: 'below_min_confidence' }, { id: half, reason: 'below_min_confidence' }]));
    const rewarded = pipeline({ decayFactors: async (asked) => new Map(asked.filter((id) => id === onCall).map((id) => [id, 2])) });
    const res = await ask(rewarded, { ...q, minConfidence: 0.6 });
    expect(idsOf(res.results)).toEqual([onCall]);
    expect(full(res, onCall).scores.effectiveConfidence).toBe(0.7071);
  });

  it('does not call an episode a contradiction of a fact', async () => {
    const fact = 'We use oil for the raku firing.';
    const episode = 'We do not use oil for the raku firing, the visitor said.';
    expect(contradictionBetween(fact, episode)).not.toBeNull();
    await seed('oilFact', fact, { scope: 'project:raku' });
    await seed('oilEpisode', episode, { scope: 'project:raku', type: 'episode', memoryClass: 'episodic' });
    const res = await ask(pipeline(), { text: 'oil raku firing', scopes: ['project:raku'] });
    expect(idsOf(res.results).sort()).toEqual([ids.oilFact, ids.oilEpisode].sort());
    expect(res.contradictions).toEqual([]);
    expect(full(res, ids.oilFact).issues).toEqual([]);
  });

  it('ranks equally scored results in a stable order (by id)', async () => {
    const a = await seed('twinA', 'Crawling glaze: wipe the bisque ware first.', { scope: 'project:twins' });
    const b = await seed('twinB', 'Crawling glaze: sponge the bisque ware first.', { scope: 'project:twins' });
    const res = await ask(pipeline(), { text: 'crawling glaze', scopes: ['project:twins'] });
    const finals = res.results.map((r) => (r as RetrievedMemory).scores.final);
    expect(finals[0]).toBe(finals[1]);
    expect(idsOf(res.results)).toEqual([a, b].sort());
  });

  it('reports only contradictions whose both records were delivered, and one citation per delivered result', async () => {
    await seed('yes', 'We use gas for the kiln firing.', { scope: 'project:fuel' });
    await seed('no', 'We do not use gas for the kiln firing.', { scope: 'project:fuel' });
    const q = { text: 'gas kiln firing', scopes: ['project:fuel'] };
    const both = await ask(pipeline(), q);
    expect(both.contradictions).toHaveLength(1);
    expect(full(both, ids.yes).issues).toContainEqual(expect.objectContaining({ code: 'contradicted', relatedIds: [ids.no] }));
    expect(full(both, ids.no).issues).toContainEqual(expect.objectContaining({ code: 'contradicted', relatedIds: [ids.yes] }));
    // Room for the first result in full and too little for anything of the second.
    const tight = await ask(pipeline(), { ...q, maxTokens: estimateJsonTokens(both.results[0]) + 5 });
    expect(tight.budget.excludedCount).toBe(1);
    expect(tight.results).toHaveLength(1);
    expect(tight.contradictions).toEqual([]);
    expect(tight.citations).toEqual([(both.results[0] as RetrievedMemory).citation]);
  });
});
