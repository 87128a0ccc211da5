import { sql } from 'kysely';
import { testBackends } from '../../../tools/test/backends.js';
import { vacuumDeadRows, type DatabaseHandle } from '../src/index.js';

describe.each(testBackends)('vacuumDeadRows on $name', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await backend.open();
    await sql`CREATE TABLE vacuum_probe (id int PRIMARY KEY, body text)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  // The cumulative statistics reach the views when a backend flushes them (lazily on PGlite).
  const flushed = async () => {
    await sql`SELECT pg_stat_force_next_flush()`.execute(handle.db);
    await sql`SELECT 1`.execute(handle.db);
  };
  const deadRows = async () => {
    await flushed();
    return Number((await sql<{ n: number }>`SELECT n_dead_tup AS n FROM pg_stat_user_tables WHERE relname = 'vacuum_probe'`.execute(handle.db)).rows[0]?.n);
  };

  it('vacuums a table once its dead rows pass autovacuum’s trigger, and leaves it alone below', async () => {
    await sql`INSERT INTO vacuum_probe SELECT g, 'row ' || g FROM generate_series(1, 1000) g`.execute(handle.db);
    await sql`DELETE FROM vacuum_probe WHERE id <= 100`.execute(handle.db); // 100 dead: under 50 + 20 % of 900
    expect(await deadRows()).toBe(100);
    expect(await vacuumDeadRows(handle.db, { tables: ['vacuum_probe'] })).toEqual([]);
    await sql`DELETE FROM vacuum_probe WHERE id <= 400`.execute(handle.db); // 400 dead against 600 live
    expect(await deadRows()).toBe(400);
    expect(await vacuumDeadRows(handle.db, { tables: ['vacuum_probe', 'memories'] })).toEqual(['vacuum_probe']);
    expect(await deadRows()).toBe(0);
    const live = await sql<{ n: number }>`SELECT count(*) AS n FROM vacuum_probe`.execute(handle.db);
    expect(Number(live.rows[0]?.n)).toBe(600);
  });

  it('covers the term statistics tables by default', async () => {
    // Rows a fold would delete (the database owner writes them directly: a storage test).
    await sql`INSERT INTO memory_term_stats (scope, lexeme, df) SELECT 'project:p', 'word' || g, 1 FROM generate_series(1, 500) g`.execute(handle.db);
    await sql`DELETE FROM memory_term_stats WHERE scope = 'project:p'`.execute(handle.db);
    await flushed();
    expect(await vacuumDeadRows(handle.db)).toEqual(['memory_term_stats']);
    await flushed();
    expect(await vacuumDeadRows(handle.db)).toEqual([]);
  });
});
