// CONVENTIONS C12: the price of one fresh database per integration test file, measured with the
// helpers the tests use (tools/test/backends.ts): a native clone of the migrated template
// (CREATE DATABASE ... TEMPLATE) versus a new in-memory PGlite instance migrated from scratch.
import { migrateToLatest, openDatabase } from '@engram/infra';
import { testBackends } from '../../test/backends.js';
import { newRunId, templateName, testDatabaseUrl, testDbPrefix } from '../../test/pg-test-env.js';
import { serverUrl, withAdmin } from './databases.js';
import { since, summarize } from './stats.js';

/** Open (and close) timings per backend, plus the one-off template migration. */
export interface IsolationResult {
  templateMigrateMs: number;
  postgresCloneMs: ReturnType<typeof summarize>;
  pgliteCreateMigrateMs: ReturnType<typeof summarize>;
}

async function timeOpens(open: () => Promise<{ close(): Promise<void> }>, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const handle = await open();
    out.push(since(t));
    await handle.close();
  }
  return out;
}

/** `count` opens of each backend (the first of each is a warm-up and not counted). */
export async function measureIsolation(count: number): Promise<IsolationResult> {
  process.env['ENGRAM_TEST_PG_URL'] = serverUrl();
  const runId = newRunId();
  process.env['ENGRAM_TEST_RUN_ID'] = runId;
  const template = templateName(runId);
  try {
    await withAdmin((c) => c.query(`CREATE DATABASE ${template}`));
    const t = performance.now();
    const handle = await openDatabase({ databaseUrl: testDatabaseUrl(template), home: '/nonexistent', poolSize: 1 });
    await migrateToLatest(handle);
    await handle.close();
    const templateMigrateMs = Math.round(since(t));
    const [postgres, pglite] = testBackends;
    const pg = await timeOpens(() => (postgres as (typeof testBackends)[0]).open(), count + 1);
    const lite = await timeOpens(() => (pglite as (typeof testBackends)[0]).open(), count + 1);
    return { templateMigrateMs, postgresCloneMs: summarize(pg.slice(1)), pgliteCreateMigrateMs: summarize(lite.slice(1)) };
  } finally {
    await withAdmin(async (c) => {
      const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR datname = $2`, [testDbPrefix(runId), template]);
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
  }
}
