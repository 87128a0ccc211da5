// Issue 37's protocol items on the A2A server (and the MCP server's /health beside it): /health
// names the A2A server's own port, is liveness only for a wrong key (like the MCP server's) and
// under --insecure-no-auth; v1.0 data parts use camelCase keys and v0.3 stays snake_case; the v1.0
// card varies on A2A-Version; a patch version (1.0.1) is version 1.0.
import { buildApp, startA2aServer, startHttpServer, tempHome, type HttpServerProcess } from '../../../tools/test/app-process.js';
import { rawCall, rawPost, sendRequest, stateOf, type Binding, type Version } from './a2a-wire-shapes.js';

const API_KEY = 'a2a-rough-edges-key';
const AUTH = { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' };

/** The data part of a send's final status message, in either protocol's JSON. */
function statusData(body: any): Record<string, any> {
  const task = body?.result?.task ?? body?.result ?? body?.task ?? body;
  const message = task.status.message;
  // v0.3 HTTP+JSON names a message's parts `content` (the v0.3 proto's JSON).
  const part = ((message.parts ?? message.content) as any[]).find((p) => p.data !== undefined);
  return part.data.data ?? part.data;
}

beforeAll(() => {
  buildApp('a2a-server');
  buildApp('mcp-server');
});

describe('A2A protocol rough edges (issue 37)', () => {
  const home = tempHome();
  let server: HttpServerProcess;

  beforeAll(async () => {
    server = await startA2aServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model`, ENGRAM_API_KEY: API_KEY });
  });
  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  const send = (binding: Binding, version: Version, data: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const r = sendRequest(binding, version, [{ data }]);
    return rawPost(server.baseUrl, r.path, { ...AUTH, ...r.headers, ...headers }, JSON.stringify(r.body));
  };

  it('issue 37 /health port: the full report names the A2A server\'s own port, not the MCP port', async () => {
    const full = await rawCall('GET', server.baseUrl, '/health', { authorization: `Bearer ${API_KEY}` });
    expect(full.body.config.http.port).toBe(Number(new URL(server.baseUrl).port));
  });

  it('issue 37 /health wrong key: liveness only (200), the same answer as the MCP server gives', async () => {
    const mcpHome = tempHome();
    const mcp = await startHttpServer({ ENGRAM_HOME: mcpHome.dir, ENGRAM_MODEL_DIR: `${mcpHome.dir}/no-model`, ENGRAM_API_KEY: API_KEY });
    try {
      const wrong = { authorization: 'Bearer not-the-key' };
      const a2a = await rawCall('GET', server.baseUrl, '/health', wrong);
      const mcpAnswer = await rawCall('GET', mcp.baseUrl, '/health', wrong);
      expect(a2a).toEqual({ status: 200, body: { status: 'degraded' } });
      expect(mcpAnswer).toEqual(a2a);
    } finally {
      await mcp.stop();
      mcpHome.remove();
    }
  });

  it('issue 37 camelCase: the v1.0 research data part uses camelCase keys over both bindings; v0.3 keeps snake_case', async () => {
    await send('jsonrpc', '1.0', { skill: 'remember', type: 'fact', content: 'The rough-edges service deploys on Thursdays' });
    for (const binding of ['jsonrpc', 'rest'] as const) {
      const v1 = statusData((await send(binding, '1.0', { skill: 'research', query: 'rough-edges deploys' })).body);
      expect(Object.keys(v1.metadata)).toEqual(expect.arrayContaining(['tokenBudgetExceeded', 'excludedCount']));
      expect(JSON.stringify(v1)).not.toMatch(/"[a-z]+_[a-z_]+":/);
      expect(v1.citations[0]).toHaveProperty('createdAt');
      const v03 = statusData((await send(binding, '0.3', { skill: 'research', query: 'rough-edges deploys' })).body);
      expect(Object.keys(v03.metadata)).toEqual(expect.arrayContaining(['token_budget_exceeded', 'excluded_count']));
      expect(v03.citations[0]).toHaveProperty('created_at');
    }
  });

  it('issue 37 camelCase: remember and recall data parts follow the same rule', async () => {
    const remembered = statusData((await send('jsonrpc', '1.0', { skill: 'remember', type: 'fact', content: 'Rough-edges uses port 9000' })).body);
    expect(remembered).toHaveProperty('requestId');
    const legacy = statusData((await send('jsonrpc', '0.3', { skill: 'remember', type: 'fact', content: 'Rough-edges uses port 9001' })).body);
    expect(legacy).toHaveProperty('request_id');
    const recalled = statusData((await send('rest', '1.0', { skill: 'recall', query: 'rough-edges port', mode: 'keyword' })).body);
    expect(recalled.results[0]).toHaveProperty('createdAt');
  });

  it('issue 37 Vary: the v1.0 agent card sends Vary: A2A-Version (once), as the v0.3 card does', async () => {
    const variants: Record<string, string>[] = [{ 'A2A-Version': '1.0' }, {}];
    for (const headers of variants) {
      const res = await fetch(`${server.baseUrl}/.well-known/agent-card.json`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toBe('A2A-Version');
    }
  });

  it.each(['jsonrpc', 'rest'] as const)('issue 37 patch version: A2A-Version 1.0.1 is accepted as 1.0 over %s; 2.0 is still refused', async (binding) => {
    const ok = await send(binding, '1.0', { skill: 'recall', query: 'rough-edges', mode: 'keyword' }, { 'A2A-Version': '1.0.1' });
    expect(stateOf(ok.body)).toBe('completed');
    const card = await fetch(`${server.baseUrl}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0.1' } });
    expect(((await card.json()) as any).supportedInterfaces).toBeDefined();
    const refused = await send(binding, '1.0', { skill: 'recall', query: 'rough-edges', mode: 'keyword' }, { 'A2A-Version': '2.0.3' });
    expect(binding === 'jsonrpc' ? refused.body.error.code : refused.status).toBe(binding === 'jsonrpc' ? -32009 : 400);
  });
});

describe('A2A /health under --insecure-no-auth (issue 37)', () => {
  const home = tempHome();
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startA2aServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model` }, ['--insecure-no-auth', '--host', '127.0.0.1']);
  });
  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  it('issue 37 insecure-no-auth: /health without a key is liveness only, as docs/a2a.md promises', async () => {
    expect(await rawCall('GET', server.baseUrl, '/health', {})).toEqual({ status: 200, body: { status: 'degraded' } });
  });
});
