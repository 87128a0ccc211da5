// Streamable HTTP session limits (issue 18): a cap (least recently used evicted) and an idle timeout;
// an evicted or expired session answers 404 and its client can initialize again.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { buildApp, startHttpServer, tempHome, type HttpServerProcess } from '../../../tools/test/app-process.js';

async function open(url: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'limits', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

async function status(url: string, sessionId: string | undefined): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sessionId ?? '', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
  });
  await res.body?.cancel();
  return res.status;
}

beforeAll(() => buildApp('mcp-server'));

describe('MCP session cap and idle timeout', () => {
  const home = tempHome();
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model`, ENGRAM_MCP_MAX_SESSIONS: '3', ENGRAM_MCP_SESSION_IDLE_SECONDS: '3' });
  });
  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  it('evicts the least recently used session at the cap', async () => {
    const sessions = [await open(server.url), await open(server.url), await open(server.url)];
    await sessions[0]?.client.listTools();
    const fourth = await open(server.url);
    // Session 1 was used last among the first three; session 2 is the least recently used.
    expect(await status(server.url, sessions[1]?.transport.sessionId)).toBe(404);
    expect(await status(server.url, sessions[0]?.transport.sessionId)).toBe(200);
    expect(await status(server.url, fourth.transport.sessionId)).toBe(200);
  });

  it('closes a session idle longer than ENGRAM_MCP_SESSION_IDLE_SECONDS; a new one works', async () => {
    const { transport } = await open(server.url);
    expect(await status(server.url, transport.sessionId)).toBe(200);
    await new Promise((r) => setTimeout(r, 4_500));
    expect(await status(server.url, transport.sessionId)).toBe(404);
    expect(server.stderr()).toMatch(/closed \d+ idle MCP session/);
    const again = await open(server.url);
    expect((await again.client.listTools()).tools.length).toBeGreaterThan(5);
  });
});
