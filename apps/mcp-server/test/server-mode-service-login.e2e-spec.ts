// Server mode as an operator runs it (issue 18, ADR-0026, ADR-0047): `engram migrate` as the owner,
// `engram librarian` as a login in engram_librarian, both servers as a login in engram_service on
// native Postgres. Before the migration they refuse to start with a message naming the fix; after
// it they start, hand their writes to the librarian, embed and answer. Without the librarian a
// write fails with a message naming it, and nothing is written.
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import pg from 'pg';
import { createEmptyPostgresDatabase } from '../../../tools/test/backends.js';
import {
  a2aMain, buildApp, childEnv, mcpMain, runCli, startA2aServer, startHttpServer, startLibrarianProcess, tempHome, testModelDir, type HttpServerProcess,
} from '../../../tools/test/app-process.js';
import { spawn } from 'node:child_process';

const API_KEY = randomBytes(12).toString('hex');
const LIBRARIAN_KEY = randomBytes(32).toString('hex');

async function sqlAs(url: string, text: string): Promise<any[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** Runs a server to its exit (it must refuse to start) and returns its exit code and stderr. */
function runToExit(main: string, args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [main, ...args], { env: childEnv(env) });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) => child.on('exit', (code) => {
    clearTimeout(kill);
    resolve({ code, stderr });
  }));
}

beforeAll(() => {
  buildApp('mcp-server');
  buildApp('a2a-server');
  buildApp('admin-cli');
});

describe('server mode: both servers as a service login (native Postgres)', () => {
  const home = tempHome();
  const login = `engram_e2e_${randomBytes(4).toString('hex')}`;
  const librarianLogin = `${login}_lib`;
  let ownerUrl = '';
  let serviceUrl = '';
  let librarianUrl = '';
  const servers: HttpServerProcess[] = [];

  beforeAll(async () => {
    ownerUrl = await createEmptyPostgresDatabase();
    await sqlAs(ownerUrl, `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'engram_service') THEN CREATE ROLE engram_service NOLOGIN; END IF; END $$`);
    await sqlAs(ownerUrl, `CREATE ROLE ${login} LOGIN IN ROLE engram_service`);
    const url = new URL(ownerUrl);
    url.username = login;
    serviceUrl = url.toString();
    url.username = librarianLogin;
    librarianUrl = url.toString();
  });

  afterAll(async () => {
    for (const s of servers) await s.stop();
    home.remove();
    for (const role of [login, librarianLogin]) {
      await sqlAs(ownerUrl, `REASSIGN OWNED BY ${role} TO CURRENT_USER; DROP OWNED BY ${role}; DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
    }
  });

  const socket = `${home.dir}/librarian.sock`;
  const env = () => ({
    ENGRAM_HOME: home.dir, DATABASE_URL: serviceUrl, ENGRAM_API_KEY: API_KEY,
    ENGRAM_MODEL_DIR: testModelDir() ?? `${home.dir}/no-model`,
    ENGRAM_LIBRARIAN_SOCKET: socket, ENGRAM_LIBRARIAN_KEY: LIBRARIAN_KEY,
  });

  it('refuses to start on an unmigrated database, naming `engram migrate` as the owner', async () => {
    for (const [main, args] of [[mcpMain, ['--http', '--port', '0']], [a2aMain, ['--port', '0']]] as const) {
      const r = await runToExit(main, [...args], env());
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('SchemaPendingError');
      expect(r.stderr).toContain('engram migrate');
      expect(r.stderr).not.toContain('kysely_migration_lock');
    }
    const tables = await sqlAs(ownerUrl, `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables[0].n).toBe(0);
  });

  it('starts both servers after `engram migrate` as the owner; they write, embed and answer', async () => {
    const migrated = await runCli(['migrate'], { ENGRAM_HOME: home.dir, DATABASE_URL: ownerUrl });
    expect(migrated.code).toBe(0);
    // The librarian refuses the service login: it may not commit.
    const wrongLogin = await runCli(['librarian'], { ...env(), DATABASE_URL: serviceUrl });
    expect(wrongLogin.code).toBe(6);
    expect(wrongLogin.stderr).toMatch(/may not commit gate requests: run the librarian as a login of engram_librarian/);
    await sqlAs(ownerUrl, `CREATE ROLE ${librarianLogin} LOGIN IN ROLE engram_librarian`);
    const librarian = await startLibrarianProcess({ ...env(), DATABASE_URL: librarianUrl });
    servers.push(librarian);
    expect(librarian.url).toBe(socket);
    const mcp = await startHttpServer(env());
    servers.push(mcp);
    const a2a = await startA2aServer(env());
    servers.push(a2a);
    expect(mcp.stderr()).not.toContain('migrations applied');

    const client = new Client({ name: 'service-login-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { requestInit: { headers: { authorization: `Bearer ${API_KEY}` } } }));
    const stored = (await client.callTool({ name: 'memory.store', arguments: { type: 'fact', content: 'The service login stores through the gate' } })) as CallToolResult;
    expect(stored.structuredContent).toMatchObject({ status: 'approved' });
    await client.close();

    const send = await fetch(`${a2a.baseUrl}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: { kind: 'message', messageId: randomBytes(8).toString('hex'), role: 'user', parts: [{ kind: 'data', data: { skill: 'remember', type: 'decision', content: 'A2A remembers as the service login' } }] } } }),
    });
    const body = (await send.json()) as { result: { status: { state: string } } };
    expect(body.result.status.state).toBe('completed');

    const rows = await sqlAs(ownerUrl, `SELECT content FROM memories ORDER BY content`);
    expect(rows.map((r) => r.content)).toEqual(['A2A remembers as the service login', 'The service login stores through the gate']);
    const requests = await sqlAs(ownerUrl, `SELECT DISTINCT requested_by FROM gate_requests`);
    expect(requests.length).toBeGreaterThan(0);

    const healthOf = async () => (await (await fetch(`${mcp.baseUrl}/health`, { headers: { authorization: `Bearer ${API_KEY}` } })).json()) as {
      status: string; gate: { librarian?: { ok: boolean; error?: string } };
    };
    expect((await healthOf()).gate.librarian).toEqual({ ok: true });

    // The librarian stops: /health says so, a write is refused with its name and the remedy, and nothing is written.
    await librarian.stop();
    const down = await healthOf();
    expect(down.status).toBe('degraded');
    expect(down.gate.librarian).toMatchObject({ ok: false, error: expect.stringMatching(/librarian at .* did not answer/) });
    const again = new Client({ name: 'service-login-e2e', version: '1.0.0' });
    await again.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { requestInit: { headers: { authorization: `Bearer ${API_KEY}` } } }));
    const refused = (await again.callTool({ name: 'memory.store', arguments: { type: 'fact', content: 'Stored while the librarian is down' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ code: 'LIBRARIAN_UNAVAILABLE', remedy: 'retry' });
    expect(JSON.stringify(refused.structuredContent)).toMatch(/engram librarian/);
    await again.close();
    expect((await sqlAs(ownerUrl, `SELECT count(*)::int AS n FROM memories`))[0].n).toBe(2);
    if (testModelDir()) {
      const deadline = Date.now() + 60_000;
      let pending = 1;
      while (pending > 0 && Date.now() < deadline) {
        pending = (await sqlAs(ownerUrl, `SELECT count(*)::int AS n FROM memories WHERE embedding IS NULL`))[0].n;
        if (pending > 0) await new Promise((r) => setTimeout(r, 500));
      }
      expect(pending).toBe(0);
    }
  });
});
