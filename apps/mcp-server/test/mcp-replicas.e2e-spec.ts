// Scale-out (issue 18): two stateless MCP replicas (ENGRAM_MCP_STATELESS=1) on one native Postgres
// behind a round-robin proxy; the client alternates between them, one is killed mid-run, and every
// acknowledged write is there and readable through the survivor.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import pg from 'pg';
import { createEmptyPostgresDatabase } from '../../../tools/test/backends.js';
import { buildApp, runCli, startHttpServer, tempHome, type HttpServerProcess } from '../../../tools/test/app-process.js';

const KEY = 'replica-test-key';

/** A minimal load balancer: request i goes to target i mod n; a refused connection goes to the next target. */
function roundRobin(targets: string[]): { server: Server; served: number[] } {
  const served = targets.map(() => 0);
  let next = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const i = next++ % targets.length;
        const url = new URL(req.url ?? '/', targets[i]);
        const upstream = httpRequest(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (r) => {
          served[i] = (served[i] ?? 0) + 1;
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        });
        upstream.on('error', () => (tries > 1 ? attempt(tries - 1) : res.writeHead(502).end()));
        upstream.end(body);
      };
      attempt(targets.length);
    });
  });
  return { server, served };
}

beforeAll(() => {
  buildApp('mcp-server');
  buildApp('admin-cli');
});

describe('two stateless MCP replicas on one Postgres', () => {
  const home = tempHome();
  const replicas: HttpServerProcess[] = [];
  let proxy: Server | undefined;
  afterAll(async () => {
    // The killed replica has exited already (signalCode set): only the survivor needs stopping.
    for (const r of replicas) if (r.child.exitCode === null && r.child.signalCode === null) await r.stop();
    proxy?.closeAllConnections();
    await new Promise((r) => (proxy ? proxy.close(r) : r(undefined)));
    home.remove();
  });

  it('serves one client alternating between replicas, survives losing one, loses nothing', async () => {
    const url = await createEmptyPostgresDatabase();
    const env = { ENGRAM_HOME: home.dir, DATABASE_URL: url, ENGRAM_MODEL_DIR: `${home.dir}/no-model`, ENGRAM_API_KEY: KEY, ENGRAM_MCP_STATELESS: '1' };
    expect((await runCli(['migrate'], env)).code).toBe(0);
    replicas.push(await startHttpServer(env), await startHttpServer(env));
    const lb = roundRobin(replicas.map((r) => r.baseUrl));
    proxy = lb.server;
    await new Promise<void>((r) => lb.server.listen(0, '127.0.0.1', r));
    const proxyUrl = `http://127.0.0.1:${(lb.server.address() as AddressInfo).port}/mcp`;
    const client = new Client({ name: 'replica-client', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(proxyUrl), { requestInit: { headers: { authorization: `Bearer ${KEY}` } } }));

    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      if (i === 12) replicas[0]?.child.kill('SIGKILL');
      const r = (await client.callTool({ name: 'memory.store', arguments: { type: 'fact', content: `Replica fact ${i}: shard ${i * 13} lives in zone ${i % 4}` } })) as CallToolResult;
      expect(r.structuredContent).toMatchObject({ status: 'approved' });
      ids.push((r.structuredContent as { id: string }).id);
    }
    expect(lb.served[0]).toBeGreaterThan(5);
    expect(lb.served[1]).toBeGreaterThan(5);
    const found = (await client.callTool({ name: 'memory.search', arguments: { query: 'Replica fact shard zone', mode: 'keyword', top_k: 50 } })) as CallToolResult;
    expect((found.structuredContent as { results: { id: string }[] }).results.map((x) => x.id).sort()).toEqual([...ids].sort());
    await client.close();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const { rows } = await db.query("SELECT count(*)::int AS n FROM memories WHERE content LIKE 'Replica fact %'");
    await db.end();
    expect(rows[0].n).toBe(30);
  });
});
