import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { BM25_CHEAP_LEXEMES, bm25PlanCtes, cheapLexemesFor } from '../src/queries/bm25-plan.sql.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord } from './fixtures.js';

/*
 * The BM25 plan is made inside the candidate statement (ADR-0042): these read its common table
 * expressions directly, against term statistics the write path kept, on both engines.
 */
interface PlanRow { lexemes: string[]; idfs: number[]; match: string; avg_len: number; max_score: number; cheap_idfs: number[] }

const idf = (docs: number, df: number) => Math.log(1 + (docs - df + 0.5) / (df + 0.5));

describe.each(testBackends)('BM25 plan in SQL ($name)', (backend) => {
  let handle: DatabaseHandle;
  const scope = 'project:bm25-plan';

  async function plan(text: string, budget?: number): Promise<PlanRow | undefined> {
    const { rows } = await sql<PlanRow>`WITH ${bm25PlanCtes(text, [scope, 'project:nothing-here'], budget)}
      SELECT lexemes, idfs, match::text AS match, avg_len, max_score, cheap_idfs FROM bm25_plan`.execute(handle.db);
    return rows[0];
  }

  beforeAll(async () => {
    handle = await backend.open();
    // kayak: 1 memory, paddl: 2, lake: 4 (of 4); lengths in distinct lexemes 3, 2, 2, 1.
    await seedRecord(handle.db, { content: 'kayak paddle lake', scope });
    await seedRecord(handle.db, { content: 'paddle lake', scope });
    await seedRecord(handle.db, { content: 'lake lake shore', scope });
    await seedRecord(handle.db, { content: 'lake', scope });
    await seedRecord(handle.db, { content: 'kayak kayak kayak', scope: 'project:elsewhere' });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('orders the query lexemes rarest first with Lucene IDFs over the scopes, and drops words the scopes lack', async () => {
    const p = await plan('The lake, a paddle and a kayak; no submarine');
    expect(p?.lexemes).toEqual(['kayak', 'paddl', 'lake']);
    expect(p?.idfs.map(Number)).toEqual([idf(4, 1), idf(4, 2), idf(4, 4)].map((v) => expect.closeTo(v, 12)));
    expect(Number(p?.avg_len)).toBeCloseTo(8 / 4, 12);
    expect(Number(p?.max_score)).toBeCloseTo((idf(4, 1) + idf(4, 2) + idf(4, 4)) * 2.2, 12);
    expect(p?.cheap_idfs.map(Number)).toEqual(p?.idfs.map(Number));
  });

  it('selects candidates by the rarest words until their postings reach the budget, the rarest always', async () => {
    expect((await plan('lake paddle kayak'))?.match).toBe("'kayak' | 'paddl' | 'lake'");
    expect((await plan('lake paddle kayak', 3))?.match).toBe("'kayak' | 'paddl'");
    expect((await plan('lake paddle', 1))?.match).toBe("'paddl'");
  });

  it('has no plan when no query word occurs in the scopes, or the query has no words', async () => {
    expect(await plan('submarine periscope')).toBeUndefined();
    expect(await plan('the and of')).toBeUndefined();
    expect(await plan("'|!&:*()\\")).toBeUndefined();
  });

  it('matches a query word as a word, never as tsquery syntax', async () => {
    await seedRecord(handle.db, { content: "O'Brien's kayak", scope });
    const p = await plan("o'brien kayak");
    expect(p?.lexemes).toContain('brien');
    const { rows } = await sql<{ n: string }>`WITH ${bm25PlanCtes("o'brien", [scope])}
      SELECT count(*) AS n FROM memories WHERE scope = ${scope} AND search_tsv @@ (SELECT match FROM bm25_plan)`.execute(handle.db);
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('writes out at least as many cheap tests as the query has lexemes', async () => {
    const texts = [
      'What did we decide about the out-of-memory kill last week?',
      'GraphQL configuration in libs/core/src/index.ts',
      'see https://docs.example.com/a/b?c=d and mail ops@example.com',
      "O'Brien's v1.2.3 release_notes: 2024-05-01, 10:30 UTC; café naïve résumé",
      'foo-bar-baz qux.quux/corge under_score CamelCase x86_64 --flag -n',
      'München, Zürich und São Paulo; 東京 タワー',
      'the and of a an',
    ];
    for (const text of texts) {
      const { rows } = await sql<{ n: number }>`SELECT count(DISTINCT l)::int AS n FROM unnest(tsvector_to_array(to_tsvector('english', ${text}))) AS l`.execute(handle.db);
      expect({ text, bound: cheapLexemesFor(text) >= Math.min(Number(rows[0]?.n), BM25_CHEAP_LEXEMES) }).toEqual({ text, bound: true });
    }
    expect(cheapLexemesFor('x '.repeat(100) + Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '))).toBe(BM25_CHEAP_LEXEMES);
  });
});
