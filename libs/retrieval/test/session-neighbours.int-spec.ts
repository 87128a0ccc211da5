import type { DatabaseHandle } from '@engram/infra';
import { createEmbeddingIndexer, createSearchService, type SearchService } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { sql } from 'kysely';
import { NEIGHBOUR_WEIGHT, SECOND_NEIGHBOUR_WEIGHT, speakerOf } from '@engram/memory';
import { MAYBE_NAMED_PATTERN as maybeNamedPattern } from '../src/queries/session-neighbours.query.js';
import { seedRecord } from './fixtures.js';
import { useTestEmbedder } from './model.js';

/*
 * Neighbour context on the fused list (ADR-0041): a hybrid hit brings in the turns right before
 * and after it in its session, scored from the hit, and a turn gains from its better neighbour.
 */
const embedder = useTestEmbedder();

describe.each(testBackends)('session neighbours in hybrid search ($name)', (backend) => {
  let handle: DatabaseHandle;
  let sut: SearchService;
  const scope = 'project:neighbours';
  const t0 = Date.now() - 3_600_000;
  const at = (s: number) => new Date(t0 + s * 1000);
  const ids = {} as Record<'reply' | 'after' | 'otherSession' | 'noSession' | 'hiddenScope' | 'asked', string>;

  beforeAll(async () => {
    handle = await backend.open();
    const turn = (content: string, s: number, session: number | null, where = scope) =>
      seedRecord(handle.db, { content, type: 'episode', memoryClass: 'episodic', scope: where, createdAt: at(s), ...(session !== null && { metadata: { session } }) });
    ids.reply = await turn('Bob: Exhausting, but I loved every single minute of the marathon.', 20, 1);
    ids.after = await turn('Ann: Will you run again next year?', 30, 1);
    ids.otherSession = await turn('Ann: Good morning!', 15, 2);
    ids.noSession = await turn('Cat: the marathon route passes the river.', 40, null);
    ids.hiddenScope = await turn('Ann: A turn of the same session number in another project.', 19, 1, 'project:elsewhere');
    await createEmbeddingIndexer({ db: handle.db, embedder }).runOnce();
    // Written after the indexer ran: no vector, and no word of the question, so neither list can find it.
    ids.asked = await turn('Ann: So how did it go on Sunday?', 10, 1);
    sut = createSearchService({ db: handle.db, embedder });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('brings in the turn before a hit, which neither list finds, scored from the hit and without ranks', async () => {
    const text = 'How did Bob feel about the marathon?';
    const keyword = await sut.search({ text, mode: 'keyword', scopes: [scope], topK: 10 });
    expect(keyword.results.map((r) => r.record.id)).not.toContain(ids.asked);
    const hybrid = await sut.search({ text, mode: 'hybrid', scopes: [scope], topK: 10 });
    const asked = hybrid.results.find((r) => r.record.id === ids.asked);
    const reply = hybrid.results.find((r) => r.record.id === ids.reply);
    expect(asked).toBeDefined();
    expect(asked?.vectorRank).toBeUndefined();
    expect(asked?.keywordRank).toBeUndefined();
    expect(asked?.score).toBeGreaterThan(0);
    // It scores NEIGHBOUR_WEIGHT times the reply's fused score (which context only raises), plus
    // SECOND_NEIGHBOUR_WEIGHT times that of the turn two away, which ranks below the reply.
    expect(asked!.score).toBeLessThanOrEqual((NEIGHBOUR_WEIGHT + SECOND_NEIGHBOUR_WEIGHT) * reply!.score + 1e-9);
    expect(hybrid.results[0]?.record.id).toBe(ids.reply);
    expect(hybrid.results.every((r) => r.score >= 0 && r.score <= 1)).toBe(true);
  });

  it('takes neighbours from the same scope and session only, whatever lies between them in time', async () => {
    // Between the asking turn (10 s) and the reply (20 s) lie a turn of session 2 (15 s) and one of
    // session 1 in another scope (19 s); with both scopes visible the reply's neighbour is still the asking turn.
    const hybrid = await sut.search({ text: 'How did Bob feel about the marathon?', mode: 'hybrid', scopes: [scope, 'project:elsewhere'], topK: 10 });
    const byId = new Map(hybrid.results.map((r) => [r.record.id, r]));
    expect(byId.has(ids.asked)).toBe(true);
    for (const id of [ids.otherSession, ids.hiddenScope]) {
      const r = byId.get(id);
      expect(r === undefined || r.vectorRank !== undefined || r.keywordRank !== undefined).toBe(true);
    }
  });

  it('embeds a hybrid or vector query without the speaker it names: guessed from the speakers seen before, checked against the read', async () => {
    const asked: string[] = [];
    const observed = () => createSearchService({
      db: handle.db,
      embedder: { modelName: embedder.modelName, modelVersion: embedder.modelVersion, embedQuery: (text) => (asked.push(text), embedder.embedQuery(text)) },
    });
    const embedded = async (service: SearchService, text: string, mode: 'hybrid' | 'vector' | 'keyword') => {
      asked.length = 0;
      await service.search({ text, mode, scopes: [scope], topK: 5 });
      return [...asked];
    };
    // A service that has seen no turn of this scope embeds as written; its read shows Bob speaks, so it embeds again without him.
    const cold = observed();
    expect(await embedded(cold, "How did Bob's marathon go?", 'hybrid')).toEqual(["How did Bob's marathon go?", 'How did marathon go?']);
    // From then on it knows: one embedding, without the speaker.
    expect(await embedded(cold, "How did Bob's marathon go?", 'hybrid')).toEqual(['How did marathon go?']);
    expect(await embedded(cold, "How did Bob's marathon go?", 'vector')).toEqual(['How did marathon go?']);
    expect(await embedded(cold, 'How did the marathon go?', 'hybrid')).toEqual(['How did the marathon go?']);
    // Vector mode learns its speakers from a keyword read of the capitalised words alone.
    expect(await embedded(observed(), "How did Bob's marathon go?", 'vector')).toEqual(["How did Bob's marathon go?", 'How did marathon go?']);
    // A capitalised word nobody here speaks as (Sunday) is part of the question.
    expect(await embedded(cold, 'How did the marathon go on Sunday?', 'vector')).toEqual(['How did the marathon go on Sunday?']);
    expect(await embedded(cold, "How did Bob's marathon go?", 'keyword')).toEqual([]);
  });

  it('answers the same whether the speakers were guessed right or not', async () => {
    const text = "How did Bob's marathon go?";
    const warm = createSearchService({ db: handle.db, embedder });
    await warm.search({ text, mode: 'hybrid', scopes: [scope], topK: 5 });
    const guessed = await warm.search({ text, mode: 'hybrid', scopes: [scope], topK: 5 });
    const cold = await createSearchService({ db: handle.db, embedder }).search({ text, mode: 'hybrid', scopes: [scope], topK: 5 });
    expect(guessed.results.map((r) => [r.record.id, r.score])).toEqual(cold.results.map((r) => [r.record.id, r.score]));
  });
});

/*
 * ADR-0062: the neighbour read tells a possible "Name:" turn from other episodic memories in SQL,
 * by a pattern that must pass every line memory's speakerOf names a speaker in (else such a turn
 * would lose the neighbours its ranking reads), on both engines' regular expressions.
 */
describe.each(testBackends)('the SQL test for a possible "Name:" turn ($name)', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => { handle = await backend.open(); });
  afterAll(() => handle.close());

  it("passes every line memory's speakerOf reads a speaker in", async () => {
    const lines = ['Bob: hi', 'Ann Marie Smith: we moved', 'José: ¿qué tal?', 'Zoë O\'Neil-Brown: ok', 'Ann:\u00a0non-breaking', 'Ann:\tTab', 'R2-D2: beep', 'Nobody said this', 'elise: lower case', 'Note: a memo'];
    const { rows } = await sql<{ line: string; hit: boolean }>`SELECT l AS line, l ~ ${sql.lit(maybeNamedPattern)} AS hit FROM unnest(${lines}::text[]) AS l`.execute(handle.db);
    for (const r of rows) if (speakerOf(r.line) !== null) expect([r.line, r.hit]).toEqual([r.line, true]);
    expect(rows.filter((r) => speakerOf(r.line) !== null)).toHaveLength(8);
  });
});
