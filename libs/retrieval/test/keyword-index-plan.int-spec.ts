import { sql, type Kysely } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';

/*
 * ADR-0062: keyword search's first step finds its rows through one GIN over (scope, search_tsv), so
 * that the asked scopes narrow the words' postings inside the index instead of through a second
 * bitmap of every row of those scopes. The probe is that step's own predicate
 * (keyword-search.query.ts), on both engines (btree_gin must load in PGlite too). An empty table's
 * planner would rather read the (scope, created_at) btree, so the probe drops the btrees inside a
 * rolled-back transaction: what is left shows what the GIN can serve. Whether the planner also puts
 * the scope test into the index condition depends on the table's size (at 100k it does:
 * docs/adr/0062). A query over every scope has no scope test and must still find its words there.
 */
const WORDS = `search_tsv @@ 'postgr | index'::tsquery AND status = ANY(ARRAY['active'])`;
const STEP = `SELECT id FROM memories WHERE ${WORDS} AND scope = ANY(ARRAY['global', 'project:a'])`;
const EVERY_SCOPE = `SELECT id FROM memories WHERE ${WORDS}`;

async function plan(db: Kysely<any>, query: string): Promise<string> {
  return db.connection().execute(async (c) => {
    await sql`BEGIN`.execute(c);
    try {
      await sql`SET LOCAL enable_seqscan = off`.execute(c);
      const btrees = await sql<{ name: string }>`SELECT i.indexname AS name FROM pg_indexes i
        WHERE i.tablename = 'memories' AND i.indexdef LIKE '%USING btree%'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`.execute(c);
      for (const b of btrees.rows) await sql`DROP INDEX ${sql.id(b.name)}`.execute(c);
      const { rows } = await sql.raw<Record<string, string>>(`EXPLAIN ${query}`).execute(c);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    } finally {
      await sql`ROLLBACK`.execute(c);
    }
  });
}

describe.each(testBackends)('the keyword index on a fresh $name database', (backend) => {
  let handle: Awaited<ReturnType<typeof backend.open>>;
  beforeAll(async () => { handle = await backend.open(); });
  afterAll(() => handle.close());

  it('keys one GIN by scope and words, and serves the first step from it', async () => {
    const defs = await sql<{ def: string }>`SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'memories' AND indexname = 'memories_scope_tsv_idx'`.execute(handle.db);
    expect(defs.rows.map((r) => r.def)).toEqual([expect.stringMatching(/USING gin \(scope, search_tsv\)$/)]);
    const p = await plan(handle.db, STEP);
    expect(p).toMatch(/Bitmap Index Scan on memories_scope_tsv_idx\s+\(.*\)\s+Index Cond: .*search_tsv @@/);
    expect(p).not.toContain('BitmapAnd');
  });

  it('serves a query over every scope with the same index', async () => {
    const p = await plan(handle.db, EVERY_SCOPE);
    expect(p).toContain('memories_scope_tsv_idx');
    expect(p).not.toContain('memories_tsv_idx ');
  });
});
