import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@engram/infra';
import { sql } from 'kysely';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createEmptyPostgresDatabase } from '../../../tools/test/backends.js';
import { buildApp, childEnv, mcpMain, runCli, runCliJson, tempHome, testModelDir } from '../../../tools/test/app-process.js';

/**
 * `embed-pending-memories` jobs waiting for a server (the CLI queues one after committing records), read
 * from the store the CLI used: the native database, or the embedded one in ENGRAM_HOME (the CLI
 * has exited, so its PGlite directory is free to open).
 */
async function queuedEmbeddingJobs(env: Record<string, string | undefined>): Promise<number> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, home: env.ENGRAM_HOME as string });
  try {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'embed-pending-memories' AND state = 'created'`.execute(handle.db);
    return Number(r.rows[0]?.n);
  } finally {
    await handle.close();
  }
}

interface Backend {
  name: string;
  env(home: string): Promise<Record<string, string | undefined>>;
}

const backends: Backend[] = [
  { name: 'embedded PGlite', env: async (home) => ({ ENGRAM_HOME: home }) },
  { name: 'native Postgres', env: async (home) => ({ ENGRAM_HOME: home, DATABASE_URL: await createEmptyPostgresDatabase() }) },
];

beforeAll(() => {
  buildApp('admin-cli');
  buildApp('mcp-server');
});

describe.each(backends)('engram CLI ($name)', (backend) => {
  const home = tempHome();
  const model = testModelDir();
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    env = { ...(await backend.env(home.dir)), ENGRAM_MODEL_DIR: model ?? join(home.dir, 'no-model') };
  });
  afterAll(() => home.remove());

  it('init writes the policy file and migrates; migrate and status then report a healthy install', async () => {
    const init = await runCli(['init', '--no-fetch-model'], env);
    expect(init.code).toBe(0);
    expect(existsSync(join(home.dir, 'librarian-policy.yaml'))).toBe(true);
    expect(readFileSync(join(home.dir, 'librarian-policy.yaml'), 'utf8')).toMatch(/review-belief-changes/);
    expect(await runCliJson(['migrate'], env)).toEqual({ applied: [] });
    const status = await runCli(['status'], env);
    expect(status.stdout).toMatch(/database/);
    // tools/setup installs the model for every test run; without it this test would check only half.
    expect(model).toBeDefined();
    expect(status.code).toBe(0);
    expect((await runCliJson(['status'], env)).ok).toBe(true);
  });

  it('status exits non-zero and names the problem when the model is missing', async () => {
    const r = await runCli(['status'], { ...env, ENGRAM_MODEL_DIR: join(home.dir, 'nowhere') });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^engram: CHECKS_FAILED: model: .*not available/m);
  });

  it('reviews requests queued through the MCP server while it runs', async () => {
    const client = new Client({ name: 'cli-e2e', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [mcpMain, '--stdio'], env: childEnv(env), stderr: 'pipe' }));
    const beliefs = ['Small PRs get reviewed faster', 'Friday deploys cause incidents', 'Typed SQL prevents bugs'];
    for (const content of beliefs) {
      const r = (await client.callTool({ name: 'remember', arguments: { type: 'belief', content } })) as CallToolResult;
      expect(r.structuredContent).toMatchObject({ status: 'pending' });
    }
    const pending = (await runCliJson(['gate', 'list'], env)).items as { id: string; payload: { request: { content: string } } }[];
    expect(pending.map((p) => p.payload.request.content).sort()).toEqual([...beliefs].sort());
    const [first, second] = pending;

    expect((await runCliJson(['gate', 'show', first!.id], env)).status).toBe('pending');
    const approved = await runCliJson(['gate', 'approve', first!.id], env);
    expect(approved.results[0]).toMatchObject({ status: 'approved', gateStatus: 'committed' });
    const rejected = await runCliJson(['gate', 'reject', second!.id, '--reason', 'not supported by evidence'], env);
    expect(rejected).toMatchObject({ status: 'rejected' });
    const again = await runCli(['gate', 'approve', second!.id], env);
    expect(again.code).toBe(4);
    expect(again.stderr).toMatch(/GATE_REQUEST_NOT_PENDING/);
    const bulk = await runCliJson(['gate', 'approve', '--all', '--type', 'belief'], env);
    expect(bulk.results).toHaveLength(1);
    expect((await runCliJson(['gate', 'list'], env)).items).toHaveLength(0);

    const stored = (await runCliJson(['memory', 'list', '--type', 'belief'], env)).items as { id: string; content: string }[];
    expect(stored.map((m) => m.content).sort()).toEqual([beliefs[0], beliefs[2]].sort());
    // The server sees what the CLI approved.
    const got = (await client.callTool({ name: 'memory.get', arguments: { id: stored[0]!.id } })) as CallToolResult;
    expect(got.isError).toBeFalsy();
    await client.close();
  });

  it('exports full histories and imports them into a fresh store idempotently', async () => {
    const toForget = (await runCliJson(['memory', 'list'], env)).items[0] as { id: string };
    expect((await runCliJson(['memory', 'forget', toForget.id, '--reason', 'e2e'], env)).status).toBe('approved');
    const file = join(home.dir, 'export.jsonl');
    const exported = await runCli(['export', '--out', file], env);
    expect(exported.code).toBe(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.find((l) => l.id === toForget.id).versions.length).toBe(2);

    const fresh = tempHome();
    const freshEnv: Record<string, string | undefined> = { ...(await backend.env(fresh.dir)), ENGRAM_MODEL_DIR: env.ENGRAM_MODEL_DIR };
    try {
      const first = await runCliJson(['import', file], freshEnv);
      expect(first).toMatchObject({ imported: lines.length, unchanged: 0, rejected: 0 });
      expect(await queuedEmbeddingJobs(freshEnv)).toBe(1);
      const second = await runCliJson(['import', file], freshEnv);
      expect(second).toMatchObject({ imported: 0, unchanged: lines.length, rejected: 0 });
      const reFile = join(fresh.dir, 'again.jsonl');
      expect((await runCli(['export', '--out', reFile], freshEnv)).code).toBe(0);
      const key = (l: { id: string; versions: Record<string, unknown>[] }) =>
        l.versions.map((v) => [v.id, v.version, v.content, v.status, v.createdAt, v.updatedAt, JSON.stringify(v.source)].join('|'));
      const again = readFileSync(reFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      expect(again.map(key).sort()).toEqual(lines.map(key).sort());
    } finally {
      fresh.remove();
    }
  });
});
