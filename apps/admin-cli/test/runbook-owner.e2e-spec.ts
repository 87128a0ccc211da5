import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, repoRoot, runCli, runCliJson, startLibrarianProcess, tempHome } from '../../../tools/test/app-process.js';
import { testDatabaseUrl, testServerUrl } from '../../../tools/test/pg-test-env.js';

/*
 * Issue 36, T3-25: docs/runbook.md "Server mode" and "Backup and restore" for an owner that is
 * NOT a superuser, as written: a superuser creates the owner (LOGIN CREATEROLE), its database and
 * the `vector` extension; the owner migrates, creates the service login, adds a key, dumps and
 * restores (with --no-comments). The service login adding a key gets a clear permission error,
 * not "internal error". The owner creates the librarian's login, `engram librarian` runs as it,
 * and a CLI write as the service login goes through it (ADR-0047, T3-16).
 */
beforeAll(() => buildApp('admin-cli'));

async function superuser(statements: string[], database?: string): Promise<void> {
  const c = new pg.Client({ connectionString: database ? testDatabaseUrl(database) : testServerUrl() });
  await c.connect();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}

const urlAs = (login: string, database: string) => {
  const url = new URL(testDatabaseUrl(database));
  url.username = login;
  url.password = '';
  return url.toString();
};

describe('the runbook with a non-superuser owner (native Postgres)', () => {
  const tag = randomBytes(4).toString('hex');
  const owner = `engram_owner_${tag}`;
  const app = `engram_app_${tag}`;
  const librarianLogin = `engram_lib_${tag}`;
  const db = `engram_rb_${tag}`;
  const restored = `engram_rb2_${tag}`;
  const home = tempHome();
  const env = (login: string, database = db) => ({ DATABASE_URL: urlAs(login, database), ENGRAM_HOME: home.dir });

  beforeAll(async () => {
    await superuser([`CREATE ROLE ${owner} LOGIN CREATEROLE NOSUPERUSER`, `CREATE DATABASE ${db} OWNER ${owner}`]);
    await superuser(['CREATE EXTENSION vector'], db);
  });
  afterAll(async () => {
    await superuser([`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`, `DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`, `DROP ROLE IF EXISTS ${app}`, `DROP ROLE IF EXISTS ${librarianLogin}`, `DROP ROLE IF EXISTS ${owner}`]);
    home.remove();
  });

  it('T3-25 migrates as the owner, refuses a key to the service login clearly, and restores as the owner', async () => {
    const migrated = await runCliJson(['migrate'], env(owner));
    expect(migrated.applied.length).toBeGreaterThan(20);
    const c = new pg.Client({ connectionString: urlAs(owner, db) });
    await c.connect();
    await c.query(`CREATE ROLE ${app} LOGIN IN ROLE engram_service`);
    await c.end();

    const denied = await runCli(['keys', 'add', 'ci'], env(app));
    expect(denied.code).toBe(5);
    expect(denied.stderr).toMatch(/permission denied for table api_keys/);
    expect(denied.stderr).toMatch(/owner's URL/);
    expect(denied.stderr).not.toMatch(/internal error/);
    const added = await runCliJson(['keys', 'add', 'ci'], env(owner));
    expect(added.key).toMatch(/^engram_/);

    // Server mode's writes: the owner creates the librarian's login; a write as the service login
    // is refused without the librarian and goes through with it.
    const c2 = new pg.Client({ connectionString: urlAs(owner, db) });
    await c2.connect();
    await c2.query(`CREATE ROLE ${librarianLogin} LOGIN IN ROLE engram_librarian`);
    await c2.end();
    const corpus = join(home.dir, 'corpus.jsonl');
    writeFileSync(corpus, spawnSync(process.execPath, [join(repoRoot, 'tools/bench/make-import-corpus.mjs'), '5'], { encoding: 'utf8' }).stdout);
    const alone = await runCli(['import', corpus], env(app));
    expect(alone.code).toBe(5);
    expect(alone.stderr).toMatch(/permission denied for function engram_/);
    const split = { ENGRAM_LIBRARIAN_SOCKET: join(home.dir, 'librarian.sock'), ENGRAM_LIBRARIAN_KEY: randomBytes(32).toString('hex') };
    const librarian = await startLibrarianProcess({ ...env(librarianLogin), ...split });
    try {
      expect((await runCliJson(['import', corpus], { ...env(app), ...split })).imported).toBe(5);
    } finally {
      await librarian.stop();
    }

    const dump = join(home.dir, 'engram.dump');
    const dumped = spawnSync('pg_dump', ['--format=custom', '--file', dump, urlAs(owner, db)], { encoding: 'utf8' });
    expect(dumped.stderr).toBe('');
    await superuser([`CREATE DATABASE ${restored} OWNER ${owner}`]);
    await superuser(['CREATE EXTENSION vector'], restored);
    const restore = spawnSync('pg_restore', ['--exit-on-error', '--no-comments', '--dbname', urlAs(owner, restored), dump], { encoding: 'utf8' });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const keys = await runCliJson(['keys', 'list'], env(app, restored));
    expect(keys.keys.map((k: { name: string }) => k.name)).toEqual(['ci']);
  });
});
