import './resolve-ts-hook.cjs';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../libs/infra/src/index.js';
import { newRunId, templateName, testDatabaseUrl, testServerUrl } from './pg-test-env.js';

/**
 * Migrates one template database per run; each test file then clones it (CREATE DATABASE ...
 * TEMPLATE), which costs tens of milliseconds instead of a full migration.
 */
// eslint-disable-next-line no-restricted-syntax -- jest loads globalSetup from the default export only
export default async function globalSetup(): Promise<void> {
  const runId = newRunId();
  process.env['ENGRAM_TEST_RUN_ID'] = runId;
  const template = templateName(runId);
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await dropStaleRuns(admin);
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: testDatabaseUrl(template), home: '/nonexistent', poolSize: 1 });
  try {
    await migrateToLatest(handle);
  } finally {
    await handle.close();
  }
}

/** Databases of runs that died before their teardown; run ids start with a base-36 timestamp. */
async function dropStaleRuns(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname ~ '^engram_(t|template)_[0-9a-z]+'`,
  );
  const cutoff = Date.now() - 6 * 3600_000;
  for (const { datname } of rows) {
    const runId = /^engram_(?:t|template)_([0-9a-z]+?)[0-9a-f]{6}(?:_|$)/.exec(datname)?.[1];
    const startedAt = runId ? Number.parseInt(runId, 36) : Number.NaN;
    if (Number.isFinite(startedAt) && startedAt < cutoff) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  }
}
