import type { DatabaseHandle } from '@engram/infra';
import { createEmbeddingIndexer, createSearchService, touchMemories, type SearchService } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord } from './fixtures.js';
import { loadTestEmbedder, useTestEmbedder } from './model.js';

const CORPUS = {
  colour: "Maria's favourite colour is dark green.",
  deploy: 'The deploy pipeline pushes container images to the staging cluster every night.',
  backupScript: 'Database backup: run the nightly backup script, then verify the database backup restores.',
  backupNote: 'Keep one database backup per week for a year.',
  tabs: 'Alice prefers tabs over spaces in TypeScript files.',
  lunch: 'Lunch with the design team happens on Fridays at noon.',
  coffee: 'The office coffee machine is descaled every Monday.',
};

const embedder = useTestEmbedder();

describe.each(testBackends)('search ($name)', (backend) => {
  let handle: DatabaseHandle;
  let sut: SearchService;
  const ids: Record<string, string> = {};
  const scopes = ['global'];

  beforeAll(async () => {
    handle = await backend.open();
    for (const [key, content] of Object.entries(CORPUS)) ids[key] = await seedRecord(handle.db, { content });
    // Indexed in batches of 3 so the corpus spans several batches.
    expect(await createEmbeddingIndexer({ db: handle.db, embedder, batchSize: 3 }).runOnce()).toEqual({
      embedded: Object.keys(CORPUS).length,
      remaining: 0,
    });
    sut = createSearchService({ db: handle.db, embedder });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('finds a new record by keyword at once, and by vector only after the indexer ran', async () => {
    const fresh = ['project:fresh'];
    const id = await seedRecord(handle.db, { content: 'The staging cluster is rebuilt from scratch every Sunday.', scope: fresh[0] });
    const before = await sut.search({ text: 'staging cluster', mode: 'vector', scopes: fresh });
    expect(before.results).toEqual([]);
    expect(before.pendingEmbeddings).toBe(1);
    const keyword = await sut.search({ text: 'staging cluster', mode: 'keyword', scopes: fresh });
    expect(keyword.results.map((r) => r.record.id)).toEqual([id]);
    expect(keyword.results[0]?.keywordScore).toBeGreaterThan(0);

    expect(await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce()).toEqual({ embedded: 1, remaining: 0 });
    const after = await sut.search({ text: 'staging cluster', mode: 'vector', scopes: fresh });
    expect(after.results.map((r) => r.record.id)).toEqual([id]);
    expect(after.pendingEmbeddings).toBeUndefined();
  });

  it('ranks by cosine similarity in vector mode', async () => {
    const res = await sut.search({ text: 'staging cluster', mode: 'vector', scopes, topK: 7 });
    expect(res.results[0]?.record.id).toBe(ids.deploy);
    const scores = res.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(res.results.map((r) => r.vectorRank)).toEqual(scores.map((_, i) => i + 1));
  });

  it('finds a paraphrase by meaning that keyword search misses', async () => {
    const text = 'which hue does she like most';
    const keyword = await sut.search({ text, mode: 'keyword', scopes });
    expect(keyword.results.map((r) => r.record.id)).not.toContain(ids.colour);
    const vector = await sut.search({ text, mode: 'vector', scopes, topK: 3 });
    expect(vector.mode).toBe('vector');
    expect(vector.results[0]?.record.id).toBe(ids.colour);
    expect(vector.results[0]?.vectorRank).toBe(1);
  });

  it('falls back to ORed terms when no record holds every word', async () => {
    const res = await sut.search({ text: 'how often is the coffee machine or the pipeline cleaned', mode: 'keyword', scopes });
    expect(res.results.map((r) => r.record.id)).toEqual(expect.arrayContaining([ids.coffee, ids.deploy]));
  });

  it('hybrid contains the best of both lists, with the ranks it fused and a fused score in [0, 1]', async () => {
    const text = 'database backup favourite hue';
    const [kw, vec, hybrid] = await Promise.all(
      (['keyword', 'vector', 'hybrid'] as const).map((mode) => sut.search({ text, mode, scopes, topK: 7 })),
    );
    const hybridIds = hybrid!.results.map((r) => r.record.id);
    expect(hybrid!.mode).toBe('hybrid');
    expect(hybridIds).toContain(kw!.results[0]?.record.id);
    expect(hybridIds).toContain(vec!.results[0]?.record.id);
    const both = hybrid!.results.find((r) => r.vectorRank !== undefined && r.keywordRank !== undefined);
    expect(both?.vectorScore).toBeGreaterThan(0);
    expect(both?.keywordScore).toBeGreaterThan(0);
    // Min-max score fusion, weights 0.3 / 0.7 (ADR-0033): the keyword list's best hit alone is worth 0.7.
    const scores = hybrid!.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(Math.max(...scores)).toBeGreaterThanOrEqual(0.5);
    expect(Math.max(...scores)).toBeLessThanOrEqual(1);
  });

  it('weights 0.9/0.1 and 0.1/0.9 change the ranking', async () => {
    const text = 'which hue does she like most, and database backup';
    const vectorHeavy = await sut.search({ text, scopes, topK: 7, weights: { vector: 0.9, keyword: 0.1 } });
    const keywordHeavy = await sut.search({ text, scopes, topK: 7, weights: { vector: 0.1, keyword: 0.9 } });
    // RRF rewards agreement, so the top result need not be either list's #1; but shifting the weight
    // must move the winner toward the favoured list.
    const rank = (r: number | undefined) => r ?? Number.POSITIVE_INFINITY;
    const [vh, kh] = [vectorHeavy.results[0]!, keywordHeavy.results[0]!];
    expect(vh.record.id).not.toBe(kh.record.id);
    expect(rank(vh.vectorRank)).toBeLessThan(rank(kh.vectorRank));
    expect(rank(kh.keywordRank)).toBeLessThan(rank(vh.keywordRank));
    expect(vectorHeavy.results.map((r) => r.record.id)).not.toEqual(keywordHeavy.results.map((r) => r.record.id));
  });

  it('returns no results (and no error) for an empty or blank query', async () => {
    for (const text of ['', '   \n\t']) {
      expect((await sut.search({ text, scopes })).results).toEqual([]);
    }
  });

  it('degrades to keyword results, and says so, without a usable embedder', async () => {
    const none = await createSearchService({ db: handle.db, embedder: null }).search({ text: 'staging cluster', scopes });
    expect(none.mode).toBe('keyword');
    expect(none.degraded).toMatch(/vector search unavailable/);
    expect(none.results.map((r) => r.record.id)).toEqual([ids.deploy]);

    const closed = await loadTestEmbedder();
    await closed.close();
    const failing = await createSearchService({ db: handle.db, embedder: closed }).search({ text: 'staging cluster', scopes });
    expect(failing.mode).toBe('keyword');
    expect(failing.degraded).toMatch(/embedding the query failed/);
    expect(failing.results.map((r) => r.record.id)).toEqual([ids.deploy]);
  });

  it('minScore drops weak matches', async () => {
    const all = await sut.search({ text: 'staging cluster', mode: 'vector', scopes, topK: 7 });
    const cut = all.results[1]!.score;
    const strong = await sut.search({ text: 'staging cluster', mode: 'vector', scopes, topK: 7, minScore: cut });
    expect(strong.results.every((r) => r.score >= cut)).toBe(true);
    expect(strong.results.length).toBeLessThan(all.results.length);
  });

  it('touch records access for recall without creating a version', async () => {
    await touchMemories(handle.db, [ids.tabs!, ids.tabs!, 'not-a-uuid']);
    const [hit] = (await sut.search({ text: 'tabs spaces', mode: 'keyword', scopes })).results;
    expect(hit?.record.accessCount).toBe(1);
    expect(hit?.record.accessedAt).toBeInstanceOf(Date);
    expect(hit?.record.version).toBe(1);
  });
});
