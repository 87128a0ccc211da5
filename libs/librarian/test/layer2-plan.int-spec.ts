import { sql, type Kysely } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';

/*
 * bench:write's first 2,000 writes ran 3-4x slower than ef6c8c1 (issue 17, ADR-0031): on a fresh
 * table, Layer 2's near-duplicate query was planned as a full scan of the partial unique index on
 * active (scope, content_hash), filtering every active row with engram_group_terms, and the
 * function kept that cached plan as the table grew. Migration 20261127T030100000Z narrows the
 * index's predicate so that only queries on the hash can use it. The generic plan of the query,
 * on a fresh database, must be the group-terms index.
 */
const NEAR = `SELECT m.id FROM memories m WHERE m.status = 'active' AND engram_group_terms(m.type, m.scope, m.search_tsv) && $1
  ORDER BY ts_rank(m.search_tsv, $2) DESC LIMIT 20`;

async function genericPlan(db: Kysely<any>): Promise<string> {
  return db.connection().execute(async (c) => {
    await sql`SET plan_cache_mode = force_generic_plan`.execute(c);
    await sql.raw(`PREPARE near_probe(text[], tsquery) AS ${NEAR}`).execute(c);
    try {
      const { rows } = await sql.raw<Record<string, string>>(
        `EXPLAIN EXECUTE near_probe(ARRAY['fact project:a postgr'], websearch_to_tsquery('english', 'postgres'))`,
      ).execute(c);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    } finally {
      await sql.raw('DEALLOCATE near_probe').execute(c);
      await sql`RESET plan_cache_mode`.execute(c);
    }
  });
}

describe.each(testBackends)('Layer 2 near-duplicate plan on a fresh $name database', (backend) => {
  let handle: Awaited<ReturnType<typeof backend.open>>;
  beforeAll(async () => { handle = await backend.open(); });
  afterAll(() => handle.close());

  it('uses the group-terms index, never a full scan of the unique content index', async () => {
    const plan = await genericPlan(handle.db);
    expect(plan).toContain('memories_group_terms_idx');
    expect(plan).not.toContain('memories_active_content_key');
  });

  it('would scan the whole unique index with its old predicate (what the migration fixed)', async () => {
    await sql`DROP INDEX memories_active_content_key`.execute(handle.db);
    await sql`CREATE UNIQUE INDEX memories_active_content_key ON memories (scope, content_hash) WHERE status = 'active'`.execute(handle.db);
    expect(await genericPlan(handle.db)).toContain('memories_active_content_key');
  });
});
