import pg from 'pg';
import { templateName, testDbPrefix, testServerUrl } from '../test/pg-test-env.js';

/*
 * The databases of the integration tier under StrykerJS (ADR-0028 amendment 2). Each Stryker test
 * runner migrates one template and holds a "lease": an idle connection whose application_name
 * names the template. Stryker ends its runners with SIGKILL, so no exit handler of theirs runs;
 * the lease ends with the process instead, and a template marked as a mutation template whose
 * lease is gone is an orphan that any later clean-up may drop, with its clones. Templates of
 * ordinary jest runs carry no mark and are never touched here.
 */
const MARK = 'engram-mutation-template';
const leaseName = (template: string) => `engram-mutation:${template}`.slice(0, 63);

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Marks this run's template and holds its lease until the process ends (the socket does not keep it alive). */
export async function leaseTemplate(runId: string): Promise<void> {
  const template = templateName(runId);
  const lease = new pg.Client({ connectionString: testServerUrl(), application_name: leaseName(template) });
  await lease.connect();
  lease.on('error', () => undefined);
  await lease.query(`COMMENT ON DATABASE ${template} IS '${MARK}'`);
  // Only once idle: an unref'd socket with a query in flight lets node exit mid-await.
  (lease as unknown as { connection: { stream: { unref(): void } } }).connection.stream.unref();
}

/** Drops the databases the specs of one jest call cloned, keeping the template for the next mutant. */
export async function dropClones(runId: string): Promise<void> {
  await withAdmin((admin) => dropClonesWith(admin, runId));
}

/** Drops every mutation template whose runner is gone, and its clones; returns how many templates. */
export async function dropOrphanTemplates(): Promise<number> {
  return withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT d.datname FROM pg_database d
        WHERE shobj_description(d.oid, 'pg_database') = $1
          AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.application_name = 'engram-mutation:' || d.datname)`,
      [MARK],
    );
    for (const { datname } of rows) {
      const runId = datname.slice(templateName('').length);
      await dropClonesWith(admin, runId);
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    return rows.length;
  });
}

async function dropClonesWith(admin: pg.Client, runId: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [testDbPrefix(runId)]);
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}
