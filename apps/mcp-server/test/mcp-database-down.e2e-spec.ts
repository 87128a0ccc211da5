import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import pg from 'pg';
import { createEmptyPostgresDatabase } from '../../../tools/test/backends.js';
import { buildApp, startHttpServer, tempHome, testModelDir, type HttpServerProcess } from '../../../tools/test/app-process.js';

/*
 * Fault: the database goes away under a running server. Calls must fail with a clear tool error
 * naming the problem (not hang, not crash the server), nothing half-written, and the server must
 * recover by itself once the database is back.
 */
beforeAll(() => buildApp('mcp-server'));

describe('MCP server when its database goes down', () => {
  const home = tempHome();
  let server: HttpServerProcess;
  let client: Client;
  let admin: pg.Client;
  let dbName: string;
  let dbUrl: string;

  beforeAll(async () => {
    const url = await createEmptyPostgresDatabase();
    dbUrl = url;
    dbName = new URL(url).pathname.slice(1);
    const adminUrl = new URL(url);
    adminUrl.pathname = '/postgres';
    admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: testModelDir() ?? `${home.dir}/no-model`, DATABASE_URL: url });
    client = new Client({ name: 'engram-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });

  afterAll(async () => {
    await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`).catch(() => undefined);
    await client?.close();
    await server?.stop();
    await admin?.end();
    home.remove();
  });

  const remember = (content: string) =>
    client.callTool({ name: 'remember', arguments: { content, type: 'fact' } }) as Promise<CallToolResult>;

  it('answers with a clear error while the database is unreachable, then recovers', async () => {
    const before = await remember('The staging database runs on port 5433');
    expect(before.isError).toBeFalsy();

    await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [dbName]);

    const during = await remember('Written while the database was down');
    expect(during.isError).toBe(true);
    const text = JSON.stringify(during.content);
    expect(text).toMatch(/database/i);

    await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`);
    const after = await remember('The production database runs on port 5432');
    expect(after.isError).toBeFalsy();

    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ content: string }>('SELECT content FROM memories ORDER BY created_at');
      expect(rows.map((r) => r.content)).toEqual(['The staging database runs on port 5433', 'The production database runs on port 5432']);
    } finally {
      await db.end();
    }
  });
});
