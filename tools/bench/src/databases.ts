// The two engines a user can run engram on, each opened the way the apps open them:
// a fresh native Postgres database (dropped afterwards) and embedded PGlite in a temp ENGRAM_HOME.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@engram/infra';

/** Server URL of the native Postgres the bench creates its databases on. */
export function serverUrl(): string {
  return process.env['ENGRAM_BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

function urlFor(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `fn` with an admin connection to the server. */
export async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** An open, migrated engine plus what is needed to reopen or remove it. */
export interface BenchDatabase {
  readonly name: 'postgres' | 'pglite';
  readonly handle: DatabaseHandle;
  /** postgres:// URL (native) or undefined (embedded). */
  readonly url: string | undefined;
  /** ENGRAM_HOME (embedded) or undefined. */
  readonly home: string | undefined;
  /** Closes the handle and deletes the database / home. */
  destroy(): Promise<void>;
}

/** A new database `engram_bench_<hex>` on the native server, migrated (pool of `poolSize`). */
export async function createNativeDatabase(poolSize = 10): Promise<BenchDatabase> {
  const dbName = `engram_bench_${randomBytes(5).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const url = urlFor(dbName);
  const handle = await openDatabase({ databaseUrl: url, home: '/nonexistent', poolSize });
  await migrateToLatest(handle);
  return {
    name: 'postgres', handle, url, home: undefined,
    async destroy() {
      await handle.close().catch(() => {});
      // ENGRAM_BENCH_KEEP_DB=1 leaves the filled database for EXPLAIN sessions (drop it by hand).
      if (process.env['ENGRAM_BENCH_KEEP_DB'] === '1') return void process.stderr.write(`kept ${url}\n`);
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    },
  };
}

/** A native database filled and kept by an earlier run (ENGRAM_BENCH_KEEP_DB=1); left in place afterwards. */
export async function reuseNativeDatabase(url: string, poolSize = 10): Promise<BenchDatabase> {
  if (!url.startsWith('postgres')) throw new Error(`--reuse needs a postgres:// URL, got "${url}"`);
  const handle = await openDatabase({ databaseUrl: url, home: '/nonexistent', poolSize });
  await migrateToLatest(handle);
  return { name: 'postgres', handle, url, home: undefined, destroy: () => handle.close().catch(() => {}) };
}

/** Embedded PGlite under a fresh temp ENGRAM_HOME, opened through openDatabase (lock + socket). */
export async function createEmbeddedDatabase(): Promise<BenchDatabase> {
  const home = mkdtempSync(join(tmpdir(), 'engram-bench-'));
  const handle = await openDatabase({ home });
  await migrateToLatest(handle);
  return {
    name: 'pglite', handle, url: undefined, home,
    async destroy() {
      await handle.close().catch(() => {});
      // ENGRAM_BENCH_KEEP_DB=1 leaves the filled store, as for native (reopen it with --pglite-reuse HOME).
      if (process.env['ENGRAM_BENCH_KEEP_DB'] === '1') return void process.stderr.write(`kept pglite home ${home}\n`);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** An embedded store an earlier run filled and kept (ENGRAM_BENCH_KEEP_DB=1); left in place afterwards. */
export async function reuseEmbeddedDatabase(home: string): Promise<BenchDatabase> {
  if (!existsSync(home)) throw new Error(`--pglite-reuse needs the home directory of a kept store, "${home}" does not exist`);
  const handle = await openDatabase({ home });
  await migrateToLatest(handle);
  return { name: 'pglite', handle, url: undefined, home, destroy: () => handle.close().catch(() => {}) };
}
