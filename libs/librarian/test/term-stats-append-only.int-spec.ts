import { migrateDown, migrateToLatest } from '@engram/infra';
import { sql, type Kysely } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';
import { gateFor, user } from './gate-fixtures.js';
import type { Gate } from '../src/index.js';

/*
 * BM25 term statistics are append-only deltas with occasional folds (migration
 * 20261127T030000000Z, ADR-0031): concurrent writers never wait on each other for them. Whatever the
 * interleaving, the sums must equal a recount of the searchable memories.
 */
const SCOPES = ['project:alpha', 'project:beta', 'project:gamma', 'global'];
const WORDS = ['postgres', 'redis', 'kafka', 'deploy', 'rollback', 'latency', 'cache', 'index', 'vacuum', 'replica', 'shard', 'queue'];

function content(i: number): string {
  const pick = (k: number) => WORDS[(i * 7 + k * 5) % WORDS.length];
  return `note ${i}: the ${pick(0)} ${pick(1)} keeps the ${pick(2)} and ${pick(3)} of ticket ${1000 + i}`;
}

/** Runs `work` over 0..n-1 with `inFlight` at a time. */
async function pool(n: number, inFlight: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (next < n) await work(next++);
  }));
}

async function mismatches(db: Kysely<any>): Promise<{ terms: unknown[]; scopes: unknown[] }> {
  const { rows: terms } = await sql`
    WITH truth AS (
      SELECT scope, lexeme, count(*) AS df FROM memories, unnest(tsvector_to_array(search_tsv)) AS lexeme
      WHERE status IN ('active', 'archived') GROUP BY scope, lexeme
    ), kept AS (SELECT scope, lexeme, sum(df) AS df FROM memory_term_stats GROUP BY scope, lexeme HAVING sum(df) <> 0)
    SELECT * FROM truth FULL JOIN kept USING (scope, lexeme) WHERE truth.df IS DISTINCT FROM kept.df`.execute(db);
  const { rows: scopes } = await sql`
    WITH truth AS (
      SELECT scope, count(*) AS docs, sum(length(search_tsv)) AS total FROM memories WHERE status IN ('active', 'archived') GROUP BY scope
    ), kept AS (SELECT scope, sum(docs) AS docs, sum(total_len) AS total FROM memory_scope_stats GROUP BY scope HAVING sum(docs) <> 0)
    SELECT * FROM truth FULL JOIN kept USING (scope) WHERE truth.docs IS DISTINCT FROM kept.docs OR truth.total IS DISTINCT FROM kept.total`.execute(db);
  return { terms, scopes };
}

describe.each(testBackends)('append-only BM25 term statistics on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof backend.open>>;
  let gate: Gate;
  beforeAll(async () => {
    handle = await backend.open();
    gate = gateFor(handle, { limits: { rate: { capacity: 1e9, refillPerSecond: 1e9 } } });
  });
  afterAll(() => handle.close());

  it('sums to a recount of the memories after concurrent creates, edits and forgets', async () => {
    const ids: string[] = [];
    await pool(160, 10, async (i) => {
      const r = await gate.submit({ op: 'create', type: 'fact', content: content(i), scope: SCOPES[i % SCOPES.length] as string }, user);
      if (r.status === 'committed' && r.record) ids.push(r.record.id);
    });
    expect(ids.length).toBeGreaterThan(100);
    await pool(30, 10, async (i) => {
      const id = ids[i] as string;
      const r = i % 3 === 0
        ? await gate.submit({ op: 'forget', id, reason: 'test' }, user)
        : await gate.submit({ op: 'update', id, patch: { content: `${content(i)} then ${WORDS[i % WORDS.length]} again` } }, user);
      expect(['committed', 'noop']).toContain(r.status);
    });
    expect(await mismatches(handle.db)).toEqual({ terms: [], scopes: [] });
  });

  it('folds a scope\'s rows of the given lexemes into one row each, keeping every sum', async () => {
    const before = await mismatches(handle.db);
    await sql`SELECT engram_fold_term_stats(ARRAY[${SCOPES[0]}]::text[], ARRAY[to_tsvector('english', ${WORDS.join(' ')})])`.execute(handle.db);
    expect(await mismatches(handle.db)).toEqual(before);
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM memory_term_stats WHERE scope = ${SCOPES[0]}
        AND lexeme = ANY(tsvector_to_array(to_tsvector('english', ${WORDS.join(' ')}))) GROUP BY lexeme HAVING count(*) > 1`.execute(handle.db);
    expect(rows).toEqual([]);
  });

  it('migrates down to one row per key under the old lock and back up, keeping every sum', async () => {
    // Down past the append-only migration, whatever later migrations sit on top of it.
    const reverted: string[] = [];
    const name = (m: string) => m.replace(/^_/, '').slice(0, 19);
    for (let i = 0; i < 20 && !reverted.some((m) => name(m) === '20261127T030000000Z'); i++) reverted.push(...(await migrateDown(handle)).reverted);
    expect(reverted.map(name).slice(-2)).toEqual(['20261127T030100000Z', '20261127T030000000Z']);
    expect(await mismatches(handle.db)).toEqual({ terms: [], scopes: [] });
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM memory_term_stats GROUP BY scope, lexeme HAVING count(*) > 1`.execute(handle.db);
    expect(rows).toEqual([]);
    await gate.submit({ op: 'create', type: 'fact', content: 'written under the old trigger: postgres vacuum replica', scope: 'project:alpha' }, user);
    await migrateToLatest(handle);
    await gate.submit({ op: 'create', type: 'fact', content: 'written under the new trigger: postgres vacuum shard', scope: 'project:alpha' }, user);
    expect(await mismatches(handle.db)).toEqual({ terms: [], scopes: [] });
  });
});
