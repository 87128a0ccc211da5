import type { Kysely, KyselyPlugin } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { createEmbeddingIndexer, createRetrievalPipeline, createSearchService, type DecayFactorsPort } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord, updateRecord } from './fixtures.js';
import { useTestEmbedder } from './model.js';

/*
 * Issue 16 item 7, ADR-0042, ADR-0056: a search is one candidate read (a keyword search one
 * statement; a hybrid or vector search two, the keyword half read while the query is embedded),
 * and memory.retrieve that read plus one state read. Every statement goes through the query
 * builder, so a plugin sees each one; the read path opens no transaction (there is none to count).
 */
const embedder = useTestEmbedder();

/** A handle on `db` that counts the statements run through it. */
function counted(db: Kysely<any>) {
  const seen: string[] = [];
  // transformResult runs once per executed statement (transformQuery also sees the subqueries a statement embeds).
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => (seen.push(args.queryId.queryId), args.result),
  };
  return { db: db.withPlugin(plugin), statements: () => seen.splice(0).length };
}

const FACTORS = { table: 'lifecycle_usefulness', memoryId: 'memory_id', factor: 'factor' };

describe.each(testBackends)('one read per query ($name)', (backend) => {
  let handle: DatabaseHandle;
  const scope = 'project:one-read';
  const ids: string[] = [];

  beforeAll(async () => {
    handle = await backend.open();
    const t0 = Date.now() - 3_600_000;
    const lines = [
      'Ann: How was the marathon on Sunday?', 'Bob: Exhausting, but I loved every minute of the race.',
      'Ann: Will you run the Berlin marathon next year?', 'Bob: Maybe, if my knee holds up after the training.',
    ];
    for (const [i, content] of lines.entries()) {
      ids.push(await seedRecord(handle.db, {
        content, type: 'episode', memoryClass: 'episodic', scope, createdAt: new Date(t0 + i * 1000), metadata: { session: 1, speaker: content.split(':')[0] },
      }));
    }
    ids.push(await seedRecord(handle.db, { content: 'Bob prefers trail running over road races.', scope, metadata: { derived_from: ids[1] } }));
    await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('searches in one statement per half, the pending count and session neighbours included', async () => {
    const c = counted(handle.db);
    const search = createSearchService({ db: c.db, embedder });
    // Vector mode reads keyword rows only for the capitalised words ("How"), to tell speakers apart.
    for (const [mode, statements] of [['hybrid', 2], ['keyword', 1], ['vector', 2]] as const) {
      const res = await search.search({ text: 'How did the marathon go?', mode, scopes: [scope], topK: 5 });
      expect(res.results.length).toBeGreaterThan(0);
      expect(c.statements()).toBe(statements);
    }
    const noNames = await search.search({ text: 'the marathon on sunday', mode: 'vector', scopes: [scope], topK: 5 });
    expect(noNames.results.length).toBeGreaterThan(0);
    expect(c.statements()).toBe(1);
  });

  it('reads the keyword half while the query is embedded, and ranks as without the wait', async () => {
    let embedding = false;
    let keywordReadWhileEmbedding = false;
    const slow = {
      modelName: embedder.modelName, modelVersion: embedder.modelVersion,
      embedQuery: async (text: string) => {
        embedding = true;
        try {
          await new Promise((r) => setTimeout(r, 200));
          return await embedder.embedQuery(text);
        } finally {
          embedding = false;
        }
      },
    };
    const plugin: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => ((keywordReadWhileEmbedding ||= embedding), args.result),
    };
    const search = createSearchService({ db: handle.db.withPlugin(plugin), embedder: slow });
    const hybrid = await search.search({ text: 'How did the marathon go?', mode: 'hybrid', scopes: [scope], topK: 5 });
    expect(keywordReadWhileEmbedding).toBe(true);
    const plain = await createSearchService({ db: handle.db, embedder }).search({ text: 'How did the marathon go?', mode: 'hybrid', scopes: [scope], topK: 5 });
    expect(hybrid.results.map((r) => [r.record.id, r.score])).toEqual(plain.results.map((r) => [r.record.id, r.score]));
  });

  it('retrieves with one candidate read and one state read once the speakers it names are known', async () => {
    const c = counted(handle.db);
    let asked = 0;
    const port: DecayFactorsPort = async () => (asked++, new Map());
    const retrieval = createRetrievalPipeline({ db: c.db, embedder, decayFactors: port, decayFactorTable: FACTORS });
    const query = { text: "How did Bob's marathon go?", scopes: [scope], topK: 3, route: 'simple' as const };
    // First sight of this scope: the query was embedded with "Bob" in it, and the read shows Bob
    // speaks here, so both halves are read again, the vector half without him.
    const cold = await retrieval.retrieve(query);
    expect(c.statements()).toBe(5);
    const warm = await retrieval.retrieve(query);
    expect(c.statements()).toBe(3);
    expect(warm.results.map((r) => r.id)).toEqual(cold.results.map((r) => r.id));
    expect(asked).toBe(0);
  });

  it('reads decay factors and derived-from sources with the record states', async () => {
    await handle.db.insertInto('lifecycle_usefulness').values({ memory_id: ids[4], factor: 3, successes: 2 }).execute();
    const seen: string[][] = [];
    const port: DecayFactorsPort = async (asked) => (seen.push([...asked]), new Map([[ids[4] as string, 3]]));
    const text = 'Does Bob prefer trail running or road races?';
    const viaTable = await createRetrievalPipeline({ db: handle.db, embedder, decayFactorTable: FACTORS }).retrieve({ text, scopes: [scope], topK: 3, route: 'simple' });
    const viaPort = await createRetrievalPipeline({ db: handle.db, embedder, decayFactors: port }).retrieve({ text, scopes: [scope], topK: 3, route: 'simple' });
    expect(seen).toHaveLength(1);
    expect(viaTable.results).toEqual(viaPort.results);
    // The note is derived from Bob's turn (metadata.derived_from); once that turn is invalidated, the state read brings its state along.
    await updateRecord(handle.db, ids[1] as string, { status: 'invalidated', status_reason: 'misheard' }, 'invalidate');
    const after = await createRetrievalPipeline({ db: handle.db, embedder, decayFactorTable: FACTORS }).retrieve({ text, scopes: [scope], topK: 3, route: 'simple' });
    const derived = after.results.find((r) => r.id === ids[4]);
    expect(derived?.issues.map((i) => (typeof i === 'string' ? i : i.code))).toContain('derived_from_stale');
  });
});
