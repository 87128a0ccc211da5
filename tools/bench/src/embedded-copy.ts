// `bench:retrieve --pglite-copy-of URL`: an embedded PGlite store holding the memories of a native
// store an earlier run filled and kept. Writing 100k memories through the gate on PGlite takes well
// over an hour on this VM; copying the rows (memories and their versions; term statistics kept by the
// same triggers) and building
// the HNSW index once takes minutes. A latency fixture only: the rows are copied as the database
// owner, not written through the gate, which `bench:write -- --pglite` measures on its own.
import { sql } from 'kysely';
import pg from 'pg';
import { createEmbeddedDatabase, type BenchDatabase } from './databases.js';
import { progress, since } from './stats.js';

const BATCH = 2000;

/** The tables a search and a validated retrieve read, with the key their rows are copied in order of. */
const TABLES = [{ name: 'memories', key: ['id'] }, { name: 'memory_versions', key: ['id', 'version'] }] as const;

/** Columns of `table` a row can be inserted with (not generated ones such as search_tsv). */
async function insertableColumns(source: pg.Client, table: string): Promise<string[]> {
  const { rows } = await source.query<{ c: string }>(
    `SELECT column_name AS c FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`, [table]);
  return rows.map((r) => r.c);
}

/** Copies every row of `table` from the native store in batches, in key order; returns the count. */
async function copyTable(source: pg.Client, target: BenchDatabase, table: (typeof TABLES)[number]): Promise<number> {
  const t = performance.now();
  const list = (await insertableColumns(source, table.name)).map((c) => `"${c}"`).join(', ');
  const key = table.key.map((k) => `"${k}"`).join(', ');
  let after: unknown[] | null = null;
  let copied = 0;
  for (;;) {
    const where: string = after === null ? '' : `WHERE (${key}) > (${table.key.map((_, i) => `$${i + 1}`).join(', ')})`;
    const { rows }: { rows: { k: unknown[]; row: unknown }[] } = await source.query(
      `SELECT jsonb_build_array(${key}) AS k, to_jsonb(t) - 'search_tsv' AS row FROM ${table.name} t ${where} ORDER BY ${key} LIMIT ${BATCH}`, after ?? []);
    if (rows.length === 0) return copied;
    const batch = JSON.stringify(rows.map((r) => r.row));
    await sql`INSERT INTO ${sql.table(table.name)} (${sql.raw(list)}) SELECT ${sql.raw(list)} FROM jsonb_populate_recordset(null::${sql.table(table.name)}, ${batch}::jsonb)`.execute(target.handle.db);
    copied += rows.length;
    after = rows[rows.length - 1]?.k ?? null;
    if (copied % 20_000 < BATCH) progress(`  pglite: copied ${copied} rows of ${table.name} (${Math.round(copied / (since(t) / 1000))}/s)`);
  }
}

/** A fresh embedded store with every row of the native store's `memories`, indexed and vacuumed. */
export async function copyIntoEmbedded(url: string): Promise<BenchDatabase> {
  const source = new pg.Client({ connectionString: url });
  await source.connect();
  const db = await createEmbeddedDatabase();
  try {
    const t = performance.now();
    const hnsw = await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'memories' AND indexdef ILIKE '%USING hnsw%'`.execute(db.handle.db);
    for (const { name } of hnsw.rows) await sql`DROP INDEX ${sql.table(name)}`.execute(db.handle.db);
    let copied = 0;
    for (const table of TABLES) copied = Math.max(copied, await copyTable(source, db, table));
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
