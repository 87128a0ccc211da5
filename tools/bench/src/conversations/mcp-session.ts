// The built MCP server as a client sees it: started as a process on one engine, reached over
// Streamable HTTP with the official MCP SDK client, fed and queried only through its public tools.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startHttpServer, type HttpServerProcess } from '../../../test/app-process.js';
import { withAdmin } from '../databases.js';

/** A started server and a connected client; `close` stops both and removes the database. */
export interface McpSession {
  client: Client;
  /** The server's base URL (`/health` lives under it). */
  baseUrl: string;
  /** Headers that pass the server's key check (e.g. for `/metrics`). */
  authHeaders: Record<string, string>;
  /** The native database's name (kept with --keep-db, reusable with --reuse-db); null on PGlite. */
  database: string | null;
  databaseUrl: string | null;
  call(name: string, args: Record<string, unknown>): Promise<{ structured: any; isError: boolean; text: string }>;
  close(): Promise<void>;
}

const API_KEY = 'bench-conversations-0123456789';

/** Where the native database comes from: a fresh one (dropped at the end unless `keep`) or an earlier kept one. */
export interface NativeDatabaseChoice {
  keep: boolean;
  reuse: string | null;
}

async function nativeDatabase(choice: NativeDatabaseChoice): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = choice.reuse ?? `engram_conv_${Math.random().toString(16).slice(2, 10)}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--reuse-db: ${name} is not a database name`);
  if (choice.reuse === null) await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(process.env['ENGRAM_BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  const kept = choice.keep || choice.reuse !== null;
  return { url: url.toString(), name, drop: () => (kept ? Promise.resolve() : withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined)) };
}

/**
 * Starts `dist/apps/mcp-server/main.js --http` on embedded PGlite (a fresh ENGRAM_HOME) or on a
 * fresh native database. The write limit is raised through the operator's env settings: the
 * benchmark stores a whole conversation in a minute, far above an agent's pace.
 */
export async function openMcpSession(
  backend: 'pglite' | 'postgres', modelDir: string, modelName: string | undefined,
  choice: NativeDatabaseChoice = { keep: false, reuse: null },
): Promise<McpSession> {
  const home = mkdtempSync(join(tmpdir(), 'engram-bench-conv-'));
  const native = backend === 'postgres' ? await nativeDatabase(choice) : null;
  let server: HttpServerProcess | undefined;
  try {
    server = await startHttpServer({
      ENGRAM_HOME: home, DATABASE_URL: native?.url, ENGRAM_MODEL_DIR: modelDir, ENGRAM_MODEL_NAME: modelName,
      ENGRAM_API_KEY: API_KEY, ENGRAM_LOG_LEVEL: 'warn',
      ENGRAM_RATE_LIMIT_BURST: '100000', ENGRAM_RATE_LIMIT_PER_SECOND: '10000',
    });
    const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${API_KEY}` } } });
    const client = new Client({ name: 'engram-bench-conversations', version: '0.1.0' });
    await client.connect(transport);
    const started = server;
    return {
      client,
      baseUrl: started.baseUrl,
      authHeaders: { Authorization: `Bearer ${API_KEY}` },
      database: native?.name ?? null,
      databaseUrl: native?.url ?? null,
      async call(name, args) {
        const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
        const text = (r.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
        return { structured: r.structuredContent ?? {}, isError: r.isError === true, text };
      },
      async close() {
        await client.close().catch(() => undefined);
        await started.stop();
        await native?.drop();
        rmSync(home, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.stop();
    await native?.drop().catch(() => undefined);
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
}
