import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { createSearchService, type SearchService } from '../src/index.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord, updateRecord } from './fixtures.js';

async function stats(handle: DatabaseHandle, scope: string, lexeme: string): Promise<{ docs: number; df: number }> {
  const { rows } = await sql<{ docs: string | null; df: string | null }>`SELECT
      (SELECT sum(docs) FROM memory_scope_stats WHERE scope = ${scope}) AS docs,
      (SELECT sum(df) FROM memory_term_stats WHERE scope = ${scope} AND lexeme = ${lexeme}) AS df`.execute(handle.db);
  return { docs: Number(rows[0]?.docs ?? 0), df: Number(rows[0]?.df ?? 0) };
}

describe.each(testBackends)('BM25 keyword search ($name)', (backend) => {
  let handle: DatabaseHandle;
  let sut: SearchService;

  beforeAll(async () => {
    handle = await backend.open();
    sut = createSearchService({ db: handle.db, embedder: null });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('keeps per-scope document frequencies as memories are written and invalidated', async () => {
    const scope = 'project:bm25-stats';
    const a = await seedRecord(handle.db, { content: 'The kayak trip was fun', scope });
    await seedRecord(handle.db, { content: 'Another kayak on the lake', scope });
    await seedRecord(handle.db, { content: 'kayak kayak', scope: 'project:other' });
    expect(await stats(handle, scope, 'kayak')).toEqual({ docs: 2, df: 2 });
    await updateRecord(handle.db, a, { status: 'invalidated', status_reason: 'wrong' }, 'invalidate');
    expect(await stats(handle, scope, 'kayak')).toEqual({ docs: 1, df: 1 });
    expect(await stats(handle, 'project:other', 'kayak')).toEqual({ docs: 1, df: 1 });
  });

  it('ranks a rare word above a frequent one and matches any query word, not all', async () => {
    const scope = 'project:bm25-rank';
    for (let i = 0; i < 6; i++) await seedRecord(handle.db, { content: `Melanie talked about work on day ${i}`, scope });
    const rare = await seedRecord(handle.db, { content: 'Melanie went to a pottery class', scope });
    const res = await sut.search({ text: 'When did Melanie take the pottery workshop?', mode: 'keyword', scopes: [scope], topK: 3 });
    expect(res.results[0]?.record.id).toBe(rare);
    expect(res.results[0]?.score).toBeGreaterThan(0);
    expect(res.results[0]?.score).toBeLessThanOrEqual(1);
    expect(res.results).toHaveLength(3);
  });

  it('orders the candidates by their exact score: a word said three times beats the same word said once', async () => {
    const scope = 'project:bm25-tf';
    // Same length (three distinct lexemes each), so only tf tells them apart: the first, cheap
    // scoring step (tf = 1) ties them all, the exact step must put the repeated one first.
    for (const word of ['alpha', 'bravo', 'delta', 'echo', 'foxtrot']) await seedRecord(handle.db, { content: `kayak trip ${word}`, scope });
    const repeated = await seedRecord(handle.db, { content: 'kayak kayak kayak trip zulu', scope });
    const res = await sut.search({ text: 'kayak', mode: 'keyword', scopes: [scope], topK: 3 });
    expect(res.results[0]?.record.id).toBe(repeated);
    expect(res.results[0]?.score).toBeGreaterThan(res.results[1]?.score as number);
  });

  it('brings in the turn that answers a matching turn of the same session', async () => {
    const scope = 'project:bm25-session';
    const t0 = Date.now() - 60_000;
    const ask = await seedRecord(handle.db, { content: 'Ann: How was the marathon in Boston?', scope, metadata: { session: 4 }, createdAt: new Date(t0) });
    const reply = await seedRecord(handle.db, { content: 'Bob: Exhausting, but I loved every minute.', scope, metadata: { session: 4 }, createdAt: new Date(t0 + 1000) });
    await seedRecord(handle.db, { content: 'Bob: Unrelated words here.', scope, metadata: { session: 5 }, createdAt: new Date(t0 + 2000) });
    const res = await sut.search({ text: 'What did Bob think of the marathon?', mode: 'keyword', scopes: [scope], topK: 5 });
    const ids = res.results.map((r) => r.record.id);
    expect(ids.slice(0, 2).sort()).toEqual([ask, reply].sort());
    expect(ids).toHaveLength(3);
  });

  it('lifts memories from a date the question names, even ones that rank low on words alone', async () => {
    const scope = 'project:bm25-dates';
    const day = (iso: string) => new Date(`${iso}T14:00:00Z`);
    // Several turns match "painting" better; the one from 13 October 2023 only weakly.
    for (let i = 0; i < 5; i++) {
      await seedRecord(handle.db, { content: `Mel: I show my painting, painting ${i}`, scope, validFrom: day(`2023-0${i + 3}-02`) });
    }
    const dated = await seedRecord(handle.db, { content: 'Mel: here is a sunset I did last week, a painting of the lake and the sky at dusk', scope, validFrom: day('2023-10-13') });
    const asked = 'What painting did Mel show on October 13, 2023?';
    const plain = await sut.search({ text: 'What painting did Mel show?', mode: 'keyword', scopes: [scope], topK: 6 });
    expect(plain.results[0]?.record.id).not.toBe(dated);
    const res = await sut.search({ text: asked, mode: 'keyword', scopes: [scope], topK: 6 });
    expect(res.results[0]?.record.id).toBe(dated);
    expect(res.results.every((r) => r.score <= 1)).toBe(true);
    // Nothing is filtered out: the other paintings still come, after it.
    expect(res.results).toHaveLength(6);
    // A whole year names no memory in particular: no lift.
    const year = await sut.search({ text: 'What painting did Mel show in 2023?', mode: 'keyword', scopes: [scope], topK: 6 });
    expect(year.results[0]?.record.id).not.toBe(dated);
  });

  it('reads the dated candidates the plain candidate read would miss', async () => {
    const scope = 'project:bm25-dated-read';
    const day = (iso: string) => new Date(`${iso}T09:00:00Z`);
    for (let i = 0; i < 12; i++) await seedRecord(handle.db, { content: `kayak kayak kayak trip ${i}`, scope, validFrom: day('2024-01-05') });
    const dated = await seedRecord(handle.db, { content: 'a long day: we packed, drove, and then took the kayak out on the lake', scope, validFrom: day('2024-03-09') });
    const res = await sut.search({ text: 'the kayak on 9 March 2024', mode: 'keyword', scopes: [scope], topK: 3 });
    expect(res.results[0]?.record.id).toBe(dated);
  });
});
