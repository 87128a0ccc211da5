import { sql } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';
import { refreshStatistics, type DatabaseHandle } from '../src/index.js';

describe.each(testBackends)('refreshStatistics on $name', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await backend.open();
    await sql`CREATE TABLE stats_probe (id int PRIMARY KEY, body text)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  const reltuples = async () => Number((await sql<{ n: number }>`SELECT reltuples AS n FROM pg_class WHERE relname = 'stats_probe'`.execute(handle.db)).rows[0]?.n);

  it('analyses a table once enough of it changed, and leaves it alone otherwise', async () => {
    await sql`INSERT INTO stats_probe SELECT g, 'row ' || g FROM generate_series(1, 2000) g`.execute(handle.db);
    expect(await reltuples()).toBeLessThanOrEqual(0); // never analysed: the planner guesses
    expect(await refreshStatistics(handle.db, { tables: ['stats_probe', 'memories'] })).toEqual(['stats_probe']);
    expect(await reltuples()).toBe(2000);
    expect(await refreshStatistics(handle.db, { tables: ['stats_probe'] })).toEqual([]);
    await sql`INSERT INTO stats_probe SELECT g, 'row ' || g FROM generate_series(2001, 2050) g`.execute(handle.db);
    expect(await refreshStatistics(handle.db, { tables: ['stats_probe'] })).toEqual([]); // under 10 % more pages
    await sql`INSERT INTO stats_probe SELECT g, 'row ' || g FROM generate_series(2051, 2600) g`.execute(handle.db);
    expect(await refreshStatistics(handle.db, { tables: ['stats_probe'] })).toEqual(['stats_probe']);
    expect(await reltuples()).toBe(2600);
  });

  it("merges the memories full-text index's pending list when it analyses memories", async () => {
    // The database owner writes the rows directly: this is a storage test, not a write path.
    await sql`INSERT INTO memories (id, version, type, memory_class, content, scope, source_type, content_hash, created_at, updated_at, valid_from)
      SELECT gen_random_uuid(), 1, 'fact', 'semantic', 'pending list probe ' || g, 'project:p', 'agent', md5(g::text), now(), now(), now()
      FROM generate_series(1, 300) g`.execute(handle.db);
    const merge = async () => Number((await sql<{ n: number }>`SELECT gin_clean_pending_list('memories_scope_tsv_idx'::regclass) AS n`.execute(handle.db)).rows[0]?.n);
    expect(await refreshStatistics(handle.db, { tables: ['memories'] })).toEqual(['memories']);
    expect(await merge()).toBe(0); // nothing left to merge: refreshStatistics did it
    const found = await sql<{ n: number }>`SELECT count(*) AS n FROM memories WHERE search_tsv @@ to_tsquery('english', 'probe')`.execute(handle.db);
    expect(Number(found.rows[0]?.n)).toBe(300);
  });
});
