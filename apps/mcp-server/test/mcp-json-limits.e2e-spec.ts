import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import pg from 'pg';
import { processBackends } from '../../../tools/test/backends.js';
import { buildApp, startHttpServer, tempHome, testModelDir, type HttpServerProcess } from '../../../tools/test/app-process.js';

/*
 * Issue 36 through the built MCP server and the official client, on both engines: bodies refused
 * by their shape before they are parsed (T3-19), the seven inputs that answered INTERNAL_ERROR or
 * "not valid JSON" (T3-23), secrets in identifiers (T3-20), and an idle client on the embedded
 * database's socket (T3-18, PGlite only).
 */
const PRD = '0f8fad5b-d9cb-469f-a165-70867728950e';
const TOKEN = `ghp_${'A1b2C3d4E5'.repeat(4)}`;

function structured(result: unknown): Record<string, any> {
  return (result as CallToolResult).structuredContent as Record<string, any>;
}

/** A tools/call body as text: `argumentsJson` is spliced in raw (a 5,000-deep value overflows the test's own stringify). */
function toolCallBody(name: string, argumentsJson: string): string {
  return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${name}","arguments":${argumentsJson}}}`;
}

beforeAll(() => buildApp('mcp-server'));

describe.each(processBackends)('MCP HTTP bodies and arguments within limits ($name)', (backend) => {
  const home = tempHome();
  let server: HttpServerProcess;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const post = async (body: string) => {
    const t0 = performance.now();
    const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
    return { status: res.status, text: await res.text(), ms: performance.now() - t0 };
  };
  const healthMs = async () => {
    const t0 = performance.now();
    const res = await fetch(new URL('/health', server.baseUrl));
    await res.arrayBuffer();
    return performance.now() - t0;
  };

  beforeAll(async () => {
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: testModelDir() ?? `${home.dir}/no-model`, ...(await backend.env()) });
    client = new Client({ name: 'engram-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
    home.remove();
  });

  it('T3-19 refuses 40,000-key metadata and a 120,000-item array by name, before parsing', async () => {
    const keys = `{"query":"q","metadata":{${Array.from({ length: 40_000 }, (_, i) => `"k${i}":${i}`).join(',')}}}`;
    const items = `{"events":[${Array.from({ length: 120_000 }, () => '0').join(',')}]}`;
    const many = await post(toolCallBody('start_thinking', keys));
    expect(many.status).toBe(400);
    expect(many.text).toContain('JSON_TOO_MANY_KEYS');
    const long = await post(toolCallBody('events.ingest', items));
    expect(long.status).toBe(400);
    expect(long.text).toContain('JSON_ARRAY_TOO_LONG');
    expect(Math.max(many.ms, long.ms)).toBeLessThan(2_000);
    expect(await healthMs()).toBeLessThan(2_000);
  });

  it('T3-23 a valid body with a __proto__ key is refused by name, not called "not valid JSON"', async () => {
    const res = await post(toolCallBody('start_thinking', '{"query":"q","metadata":{"__proto__":{"admin":true}}}'));
    expect(res.status).toBe(400);
    expect(res.text).toContain('JSON_FORBIDDEN_KEY');
    expect(res.text).not.toMatch(/not valid JSON/i);
  });

  it('T3-23 prd_event detail nested 5,000 deep is JSON_TOO_DEEP', async () => {
    const detail = `${'{"d":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const res = await post(toolCallBody('prd_event', `{"prd_id":"${PRD}","type":"test_passed","summary":"deep","detail":${detail}}`));
    expect(res.status).toBe(400);
    expect(res.text).toContain('JSON_TOO_DEEP');
  });

  it.each([
    ['prd_event detail', 'prd_event', { prd_id: PRD, type: 'test_passed', summary: 's', detail: { note: 'broken \uD83D text' } }],
    ['prd_decision reason (high)', 'prd_decision', { prd_id: PRD, decision: 'd', reason: 'x \uD800 y' }],
    ['prd_decision reason (low)', 'prd_decision', { prd_id: PRD, decision: 'd', reason: 'x \uDC00 y' }],
    ['start_thinking metadata', 'start_thinking', { query: 'q', metadata: { k: 'v \uDBFF' } }],
  ])('T3-23 a lone surrogate in %s is INVALID_INPUT naming the field', async (_name, tool, args) => {
    const res = await call(tool, args);
    expect(res.isError).toBe(true);
    expect(structured(res)).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/lone UTF-16 surrogate/) });
  });

  it('T3-23 toc.node version 2^31 and events.ingest ts in year 0000 are input errors, not INTERNAL_ERROR', async () => {
    const node = await call('toc.node', { node_id: 'year:2026', version: 2 ** 31 });
    expect(node.isError).toBe(true);
    expect(JSON.stringify(node.content)).toMatch(/2147483647/);
    const old = await call('events.ingest', { events: [{ session_id: 's', ts: '0000-06-01T00:00:00Z', kind: 'note', text: 'old' }] });
    expect(old.isError).toBe(true);
    expect(JSON.stringify(old.content)).toMatch(/0001 and 9999/);
    for (const res of [node, old]) expect(JSON.stringify(res.content)).not.toMatch(/INTERNAL_ERROR/);
  });

  it('T3-20 refuses a token as a session id or a scope, and stores an event\'s text redacted', async () => {
    const session = await call('events.ingest', { events: [{ session_id: TOKEN, ts: '2026-11-28T06:00:00Z', kind: 'note', text: 'x', project: 'project:limits' }] });
    expect(structured(session)).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('session_id') });
    const scope = await call('events.ingest', { events: [{ session_id: 's', ts: '2026-11-28T06:00:00Z', kind: 'note', text: 'x', project: `project:${TOKEN}` }] });
    expect(structured(scope)).toMatchObject({ code: 'INVALID_INPUT' });
    const fine = await call('events.ingest', { events: [{ session_id: 's', ts: '2026-11-28T06:00:00Z', kind: 'note', text: `token ${TOKEN}`, project: 'project:limits' }] });
    expect(fine.isError).toBeFalsy();
    const stored = JSON.stringify(structured(await call('events.range', { scope: 'project:limits', limit: 10 })));
    expect(stored).not.toContain(TOKEN);
    expect(stored).toContain('[REDACTED:github_token]');
  });

  if (backend.engine === 'pglite') {
    it('T3-18 an idle client on the embedded socket stalls neither /health nor a tool call', async () => {
      const idle = new pg.Client({ host: home.dir, port: 5432, user: 'postgres', database: 'postgres' });
      idle.on('error', () => {});
      await idle.connect();
      await idle.query('SELECT 1'); // then it sits there, connected and silent
      try {
        await new Promise((r) => setTimeout(r, 300));
        expect(await healthMs()).toBeLessThan(5_000);
        const t0 = performance.now();
        const res = await call('memory.store', { type: 'fact', content: 'stored while a psql sat idle on the socket', scope: 'project:idle' });
        expect(res.isError).toBeFalsy();
        expect(performance.now() - t0).toBeLessThan(10_000);
        expect(await healthMs()).toBeLessThan(2_000);
      } finally {
        await idle.end().catch(() => {});
      }
    });
  }
});
