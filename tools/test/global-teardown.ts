import './resolve-ts-hook.cjs';
import pg from 'pg';
import { templateName, testDbPrefix, testServerUrl } from './pg-test-env.js';

/** Drops this run's template and every database cloned from it, even if a test left it open. */
// eslint-disable-next-line no-restricted-syntax -- jest loads globalTeardown from the default export only
export default async function globalTeardown(): Promise<void> {
  const runId = process.env['ENGRAM_TEST_RUN_ID'];
  if (!runId) return;
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR datname = $2`,
      [testDbPrefix(runId), templateName(runId)],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
