import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import pg from 'pg';
import { migrateDown, openDatabase } from '../../../libs/infra/src/index.js';
import { buildApp, runCliJson, tempHome, testModelDir } from '../../../tools/test/app-process.js';
import { createEmptyPostgresDatabase } from '../../../tools/test/backends.js';
import { callToolsOverStdio } from '../../../tools/test/cli-fixtures.js';
import { testServerUrl } from '../../../tools/test/pg-test-env.js';

/*
 * docs/runbook.md "Backup and restore" and "Upgrade", as written (server mode, native Postgres:
 * pg_dump/pg_restore are the procedure; the embedded database has its own, copying the home).
 * Everything an agent leaves is compared, not only memories: a digest of every table in the
 * schema (conversation log, TOC, PRD records, thinking chains, gate audit, A2A tasks, ...).
 */
beforeAll(() => {
  buildApp('mcp-server');
  buildApp('admin-cli');
});

const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
};

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = testServerUrl()): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Row count and content digest of every table of the public schema, by table. */
const digest = (url: string) => admin(async (c) => {
  const tables = (await c.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows.map((r) => r.t);
  const out: Record<string, string> = {};
  for (const t of tables) {
    const r = await c.query<{ n: string; h: string | null }>(`SELECT count(*) AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM public.${pg.escapeIdentifier(t)} x`);
    out[t] = `${r.rows[0]!.n}:${r.rows[0]!.h ?? '-'}`;
  }
  return out;
}, url);

/** The runbook's restore: drop (a lost database), create it empty, pg_restore the dump. */
async function dropAndRestore(url: string, dump: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await admin(async (c) => {
    await c.query(`DROP DATABASE ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  });
  run('pg_restore', ['--exit-on-error', '--dbname', url, dump]);
}

async function fillWithAgentWork(env: Record<string, string>): Promise<void> {
  const ts = (m: number) => new Date(Date.UTC(2026, 10, 20, 9, m)).toISOString();
  const results = await callToolsOverStdio(env, [
    { name: 'remember', arguments: { content: 'The acme deploy window is Tuesday 14:00 UTC', type: 'decision' } },
    { name: 'remember', arguments: { content: 'Payments use PostgreSQL 15 with pgvector', type: 'fact' } },
    { name: 'events.ingest', arguments: { events: [1, 2, 3].map((m) => ({ session_id: 's1', ts: ts(m), kind: 'user_message', text: `about deploys ${m}` })) } },
    { name: 'prd_context', arguments: { prd_ref: 'docs/prd-export.md', title: 'Export', requirements: ['X1'] } },
    { name: 'start_thinking', arguments: { query: 'when do we deploy?' } },
  ], 'backup-e2e');
  for (const r of results) expect((r as CallToolResult).isError).toBeFalsy();
}

/** What a user asks after a restore: the same answers. */
async function answers(env: Record<string, string>) {
  const search = await runCliJson(['search', 'deploy', 'window'], env);
  const events = await runCliJson(['events', 'list', '--project', 'acme'], env);
  return { search: search.results.map((r: { id: string; content: string }) => [r.id, r.content]), events: events.events };
}

describe('runbook: backup and restore (server mode)', () => {
  const home = tempHome();
  afterAll(() => home.remove());

  it('dump, drop, restore: every table and the same answers', async () => {
    const url = await createEmptyPostgresDatabase();
    const env = { ENGRAM_HOME: home.dir, DATABASE_URL: url, ENGRAM_PROJECT: 'acme', ENGRAM_MODEL_DIR: testModelDir() ?? join(home.dir, 'no-model') };
    await fillWithAgentWork(env);
    const before = { tables: await digest(url), answers: await answers(env) };
    expect(before.answers.search.length).toBeGreaterThan(0);
    expect(before.answers.events).toHaveLength(3);
    // The digest covers what an agent left in more than the memories table.
    for (const t of ['memories', 'memory_versions', 'gate_audit', 'conversation_events', 'prd_executions', 'thinking_chains']) expect(before.tables[t]).toMatch(/^[1-9]\d*:/);
    const dump = join(home.dir, 'engram.dump');
    run('pg_dump', ['--format=custom', '--file', dump, url]);
    await dropAndRestore(url, dump);
    expect(await digest(url)).toEqual(before.tables);
    expect(await answers(env)).toEqual(before.answers);
  });
});

describe('runbook: upgrade (owner migrates, services follow) and rollback (restore the pre-upgrade dump)', () => {
  const home = tempHome();
  afterAll(() => home.remove());

  it('a database one migration behind is backed up, migrated by `engram migrate`, and restored to the old version on rollback', async () => {
    const url = await createEmptyPostgresDatabase();
    const env = { ENGRAM_HOME: home.dir, DATABASE_URL: url, ENGRAM_PROJECT: 'acme', ENGRAM_MODEL_DIR: testModelDir() ?? join(home.dir, 'no-model') };
    await fillWithAgentWork(env);
    const current = await answers(env);
    // The previous release's schema: the newest migration reverted (what an upgrade will apply).
    const handle = await openDatabase({ databaseUrl: url, home: home.dir, poolSize: 1 });
    const { reverted } = await migrateDown(handle).finally(() => handle.close());
    expect(reverted).toHaveLength(1);
    const old = await digest(url);

    const dump = join(home.dir, 'pre-upgrade.dump');
    run('pg_dump', ['--format=custom', '--file', dump, url]);
    expect(await runCliJson(['migrate'], env)).toEqual({ applied: reverted });
    expect(await runCliJson(['migrate'], env)).toEqual({ applied: [] });
    expect(await answers(env)).toEqual(current);

    await dropAndRestore(url, dump);
    expect(await digest(url)).toEqual(old);
  });
});
