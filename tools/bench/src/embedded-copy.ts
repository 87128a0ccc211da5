// `bench:retrieve --pglite-copy-of URL`: an embedded PGlite store holding the memories of a native
// store an earlier run filled and kept. Writing 100k memories through the gate on PGlite takes well
// over an hour on this VM; copying the rows (term statistics kept by the same triggers) and building
// the HNSW index once takes minutes. A latency fixture only: the rows are copied as the database
// owner, not written through the gate, which `bench:write -- --pglite` measures on its own.
import { sql } from 'kysely';
import pg from 'pg';
import { createEmbeddedDatabase, type BenchDatabase } from './databases.js';
import { progress, since } from './stats.js';

const BATCH = 2000;

/** Columns of `memories` a row can be inserted with (not the generated search_tsv). */
async function insertableColumns(source: pg.Client): Promise<string[]> {
  const { rows } = await source.query<{ c: string }>(
    `SELECT column_name AS c FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'memories' AND is_generated = 'NEVER' ORDER BY ordinal_position`);
  return rows.map((r) => r.c);
}

/** A fresh embedded store with every row of the native store's `memories`, indexed and vacuumed. */
export async function copyIntoEmbedded(url: string): Promise<BenchDatabase> {
  const source = new pg.Client({ connectionString: url });
  await source.connect();
  const db = await createEmbeddedDatabase();
  try {
    const t = performance.now();
    const columns = await insertableColumns(source);
    const list = columns.map((c) => `"${c}"`).join(', ');
    const hnsw = await sql<{ def: string }>`SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'memories' AND indexdef ILIKE '%USING hnsw%'`.execute(db.handle.db);
    for (const { def } of hnsw.rows) await sql.raw(`DROP INDEX ${def.split(' ')[2]}`).execute(db.handle.db);
    let last = '00000000-0000-0000-0000-000000000000';
    let copied = 0;
    for (;;) {
      const { rows } = await source.query<{ id: string; row: unknown }>(
        `SELECT id, to_jsonb(m) - 'search_tsv' AS row FROM memories m WHERE id > $1 ORDER BY id LIMIT ${BATCH}`, [last]);
      if (rows.length === 0) break;
      const batch = JSON.stringify(rows.map((r) => r.row));
      await sql`INSERT INTO memories (${sql.raw(list)}) SELECT ${sql.raw(list)} FROM jsonb_populate_recordset(null::memories, ${batch}::jsonb)`.execute(db.handle.db);
      copied += rows.length;
      last = rows[rows.length - 1]?.id as string;
      if (copied % 20_000 < BATCH) progress(`  pglite: copied ${copied} memories (${Math.round(copied / (since(t) / 1000))}/s)`);
    }
    progress(`  pglite: building the HNSW index over ${copied} vectors`);
    await sql`SET maintenance_work_mem = '512MB'`.execute(db.handle.db);
    for (const { def } of hnsw.rows) await sql.raw(def).execute(db.handle.db);
    await sql`VACUUM ANALYZE`.execute(db.handle.db);
    progress(`  pglite: ${copied} memories copied, indexed and vacuumed in ${Math.round(since(t) / 1000)} s`);
    return db;
  } catch (err) {
    await db.destroy();
    throw err;
  } finally {
    await source.end();
  }
}
