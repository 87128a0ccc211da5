import type { DatabaseHandle } from '@engram/infra';
import { createEmbeddingIndexer, createSearchService, type SearchMode, type SearchService } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord, updateRecord } from './fixtures.js';
import { useTestEmbedder } from './model.js';

const SCOPES = ['global', 'project:alpha', 'project:beta'] as const;
const WORDS = ['postgres', 'deploy', 'kafka', 'review', 'budget', 'onboarding', 'latency', 'invoice', 'roadmap', 'schema'];
const MODES: SearchMode[] = ['hybrid', 'vector', 'keyword'];

/** Small deterministic PRNG (mulberry32) so a failing case can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

const embedder = useTestEmbedder();

describe.each(testBackends)('search filters ($name)', (backend) => {
  let handle: DatabaseHandle;
  let sut: SearchService;

  beforeAll(async () => {
    handle = await backend.open();
    sut = createSearchService({ db: handle.db, embedder });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('never returns a record outside the allowed scopes (random records, scopes and queries)', async () => {
    const rand = prng(20261122);
    for (let i = 0; i < 45; i++) {
      const words = [pick(rand, WORDS), pick(rand, WORDS), pick(rand, WORDS)];
      await seedRecord(handle.db, { content: `Note ${i}: ${words.join(' ')} discussion`, scope: pick(rand, SCOPES) });
    }
    await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce();
    for (let q = 0; q < 24; q++) {
      const allowed = SCOPES.filter(() => rand() < 0.5);
      const mode = pick(rand, MODES);
      const text = `${pick(rand, WORDS)} ${pick(rand, WORDS)}`;
      const res = await sut.search({ text, mode, scopes: allowed, topK: 50 });
      for (const r of res.results) expect(allowed).toContain(r.record.scope);
      if (allowed.length === 0) expect(res.results).toEqual([]);
    }
    // The check above must not pass vacuously: a query over every scope does find records.
    const everything = await sut.search({ text: 'postgres', scopes: [...SCOPES], topK: 50 });
    expect(new Set(everything.results.map((r) => r.record.scope)).size).toBeGreaterThan(1);
  });

  it('filters by types and tags', async () => {
    const fact = await seedRecord(handle.db, { content: 'Grafana dashboards live in the ops folder', type: 'fact', tags: ['ops'] });
    const decision = await seedRecord(handle.db, { content: 'We chose Grafana dashboards for metrics', type: 'decision', tags: ['metrics'] });
    const ids = async (q: { types?: string[]; tags?: string[] }) =>
      (await sut.search({ text: 'grafana dashboards', mode: 'keyword', scopes: ['global'], ...q })).results.map((r) => r.record.id);
    expect((await ids({})).sort()).toEqual([fact, decision].sort());
    expect(await ids({ types: ['decision'] })).toEqual([decision]);
    expect(await ids({ tags: ['ops'] })).toEqual([fact]);
    expect(await ids({ tags: ['ops', 'metrics'], types: ['fact'] })).toEqual([fact]);
    expect(await ids({ tags: ['nope'] })).toEqual([]);
  });

  it('never returns superseded, invalidated, forgotten, expired or not-yet-valid records; archived only on request', async () => {
    const text = 'zeppelin hangar inspection';
    // A scope of its own: vector search ranks every visible record, relevant or not.
    const scopes = ['project:zeppelin'];
    const mk = (suffix: string, extra = {}) =>
      seedRecord(handle.db, { content: `Zeppelin hangar inspection ${suffix}`, scope: scopes[0], ...extra });
    const active = await mk('current');
    const superseded = await mk('old');
    await updateRecord(handle.db, superseded, { status: 'superseded', superseded_by: active }, 'supersede');
    const invalidated = await mk('wrong');
    await updateRecord(handle.db, invalidated, { status: 'invalidated', status_reason: 'wrong' }, 'invalidate');
    const forgotten = await mk('secret');
    await updateRecord(handle.db, forgotten, { status: 'forgotten', content: 'Zeppelin hangar inspection [forgotten]' }, 'forget');
    const archived = await mk('archived');
    // As the gate archives (seed 000 FR-02): status archived, flag set, validity closed now.
    await updateRecord(handle.db, archived, { status: 'archived', archived: true, valid_to: new Date(Date.now() - 1000).toISOString() }, 'archive');
    await mk('expired', { validFrom: new Date('2020-01-01'), validTo: new Date('2021-01-01') });
    await mk('future', { validFrom: new Date(Date.now() + 86_400_000) });
    await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce();

    for (const mode of MODES) {
      const plain = await sut.search({ text, mode, scopes, topK: 20 });
      expect(plain.results.map((r) => r.record.id)).toEqual([active]);
      const withArchived = await sut.search({ text, mode, scopes, topK: 20, includeArchived: true });
      expect(withArchived.results.map((r) => r.record.id).sort()).toEqual([active, archived].sort());
    }
  });
});
