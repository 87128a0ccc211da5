import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildApp, startHttpServer, tempHome, testModelDir, type HttpServerProcess } from '../../../tools/test/app-process.js';

/*
 * Issue 23: an HTTP server serves many projects, so each connection names its own with the
 * X-Engram-Project header (else global); and the default tool profile is the small core surface.
 * Embedded database only: the header handling is transport code, the same for every backend.
 */
async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'engram-e2e-project', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

const memoriesOf = (r: unknown) => ((r as CallToolResult).structuredContent as { memories: { content: string; scope: string }[] }).memories;

beforeAll(() => buildApp('mcp-server'));

describe('MCP over HTTP: per-connection project and the core tool profile', () => {
  const home = tempHome();
  let server: HttpServerProcess;
  const clients: Client[] = [];
  const open = async (headers: Record<string, string> = {}) => {
    const c = await connect(server.url, headers);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    // ENGRAM_MCP_TOOLS: 'core' undoes the test helpers' opt-in to the full set: this is the default.
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: testModelDir() ?? `${home.dir}/no-model`, ENGRAM_MCP_TOOLS: 'core' });
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    await server?.stop();
    home.remove();
  });

  it('serves six tools by default, in under a fifth of the full list\'s characters', async () => {
    const list = await (await open()).listTools();
    expect(list.tools.map((t) => t.name).sort()).toEqual(['forget', 'memory.invalidate', 'memory.supersede', 'memory.update', 'recall', 'remember']);
    // Full profile: 55,794 characters (docs/api.md); the core list must stay small.
    expect(JSON.stringify(list).length).toBeLessThan(10_000);
  });

  it('stores under the header\'s project; other connections see it only when they name the same project', async () => {
    const acme = await open({ 'X-Engram-Project': 'acme' });
    const stored = (await acme.callTool({ name: 'remember', arguments: { content: 'The acme deploy window is Tuesday at 14:00 UTC' } })) as CallToolResult;
    expect(stored.structuredContent).toMatchObject({ status: 'approved' });
    const again = await open({ 'X-Engram-Project': 'project:acme' });
    const hit = memoriesOf(await again.callTool({ name: 'recall', arguments: { query: 'acme deploy window' } }));
    expect(hit[0]).toMatchObject({ scope: 'project:acme', content: expect.stringMatching(/Tuesday/) });
    const noHeader = await open();
    expect(memoriesOf(await noHeader.callTool({ name: 'recall', arguments: { query: 'acme deploy window' } }))).toEqual([]);
    const otherProject = await open({ 'X-Engram-Project': 'billing' });
    expect(memoriesOf(await otherProject.callTool({ name: 'recall', arguments: { query: 'acme deploy window' } }))).toEqual([]);
  });

  it.each(['two words', '../etc'])('refuses a malformed project header (%s) at initialize (400, issue 37 for ../etc) instead of writing elsewhere', async (project) => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'X-Engram-Project': project },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/X-Engram-Project must be global, a project name or project:<id>/);
  });
});
