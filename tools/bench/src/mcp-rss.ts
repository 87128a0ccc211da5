// Phase 4b: RSS of the built MCP server (dist/apps/mcp-server/main.js --http) serving the 100k
// native database, after it answered memory.search calls over Streamable HTTP.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startHttpServer, type HttpServerProcess } from '../../test/app-process.js';
import { queries } from './corpus.js';
import { progress, since, summarize } from './stats.js';

/** What the server used, or why it could not be measured. */
export type McpRssResult =
  | { measured: true; rssMiB: number; rssAfterStartMiB: number; searches: number; searchLatencyMs: ReturnType<typeof summarize> }
  | { measured: false; reason: string };

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

/** Starts the built server against `databaseUrl`, runs `count` searches, reads its VmRSS. */
export async function measureMcpServerRss(root: string, databaseUrl: string, modelDir: string, seed: number, count: number): Promise<McpRssResult> {
  const main = join(root, 'dist/apps/mcp-server/main.js');
  if (!existsSync(main)) return { measured: false, reason: 'dist/apps/mcp-server/main.js is not built (npm run build)' };
  const home = mkdtempSync(join(tmpdir(), 'engram-bench-mcp-'));
  const apiKey = 'bench-key-0123456789abcdef';
  const env = { DATABASE_URL: databaseUrl, ENGRAM_HOME: home, ENGRAM_MODEL_DIR: modelDir, ENGRAM_API_KEY: apiKey, ENGRAM_LOG_LEVEL: 'warn' };
  let server: HttpServerProcess | undefined;
  try {
    server = await startHttpServer(env);
    const pid = server.child.pid as number;
    const rssAfterStartMiB = rssOf(pid);
    const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } });
    const client = new Client({ name: 'engram-bench', version: '0.1.0' });
    await client.connect(transport);
    const latencies: number[] = [];
    const qs = queries(seed + 3, count + 5);
    // Warm-up: the first calls load the model session and fill the server's caches.
    for (const q of qs.slice(0, 5)) await client.callTool({ name: 'memory.search', arguments: { query: q.text, top_k: 10 } });
    for (const q of qs.slice(5)) {
      const t = performance.now();
      const r = await client.callTool({ name: 'memory.search', arguments: { query: q.text, top_k: 10 } });
      latencies.push(since(t));
      if (r.isError) throw new Error(`memory.search failed: ${JSON.stringify(r.content).slice(0, 300)}`);
    }
    const rssMiB = rssOf(pid);
    await client.close();
    progress(`  MCP server RSS ${rssMiB} MiB after ${count} searches (${rssAfterStartMiB} MiB after start)`);
    return { measured: true, rssMiB, rssAfterStartMiB, searches: count, searchLatencyMs: summarize(latencies) };
  } catch (error) {
    return { measured: false, reason: `the MCP server could not be measured: ${(error as Error).message.slice(0, 500)}` };
  } finally {
    await server?.stop();
    rmSync(home, { recursive: true, force: true });
  }
}
