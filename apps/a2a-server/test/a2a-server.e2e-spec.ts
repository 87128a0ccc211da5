import type { AgentCard } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { processBackends } from '../../../tools/test/backends.js';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildApp, childEnv, repoRoot, startA2aServer, tempHome, testModelDir, type HttpServerProcess } from '../../../tools/test/app-process.js';
import { answer, asTask, data, request, TaskState, text, v03Client, v1Client } from './a2a-test-client.js';

const API_KEY = 'a2a-test-key';
const MAX_BODY = 65_536;

beforeAll(() => buildApp('a2a-server'));

describe.each(processBackends)('A2A server over HTTP ($name)', (backend) => {
  const home = tempHome();
  let env: Record<string, string | undefined>;
  let server: HttpServerProcess;
  let client: Client;

  beforeAll(async () => {
    env = { ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: testModelDir() ?? `${home.dir}/no-model`, ENGRAM_API_KEY: API_KEY,
      ENGRAM_MAX_BODY_BYTES: String(MAX_BODY), ...(await backend.env()) };
    server = await startA2aServer(env);
    client = await v1Client(server.baseUrl, API_KEY);
  });

  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  it('serves the agent card without auth: skills, both protocol versions on both bindings, Bearer, ETag and Last-Modified', async () => {
    const res = await fetch(`${server.baseUrl}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } });
    expect(res.status).toBe(200);
    const card = (await res.json()) as Record<string, any>;
    expect(card.skills.map((s: { id: string }) => s.id)).toEqual(['research', 'remember', 'recall']);
    const interfaces = card.supportedInterfaces.map((i: any) => `${i.protocolBinding} ${i.protocolVersion} ${i.url}`);
    expect(interfaces.sort()).toEqual([
      `HTTP+JSON 0.3 ${server.baseUrl}/a2a/rest`, `HTTP+JSON 1.0 ${server.baseUrl}/a2a/rest`,
      `JSONRPC 0.3 ${server.baseUrl}/a2a/jsonrpc`, `JSONRPC 1.0 ${server.baseUrl}/a2a/jsonrpc`,
    ]);
    expect(card.securitySchemes.bearer.httpAuthSecurityScheme.scheme).toBe('Bearer');
    const schemas = card.capabilities.extensions[0].params;
    expect(schemas.remember.required).toEqual(['content']);
    expect(schemas.research.properties.query.type).toBe('string');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(Date.parse(res.headers.get('last-modified') ?? '')).not.toBeNaN();
    // fetch() adds `Cache-Control: no-cache` to conditional requests unless one is given.
    const again = await fetch(`${server.baseUrl}/.well-known/agent-card.json`, {
      headers: { 'A2A-Version': '1.0', 'If-None-Match': etag as string, 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
    const legacy = (await (await fetch(`${server.baseUrl}/.well-known/agent-card.json`)).json()) as Record<string, any>;
    expect(legacy).toMatchObject({ protocolVersion: '0.3', url: `${server.baseUrl}/a2a/jsonrpc`, security: [{ bearer: [] }] });
  });

  it('remembers through the gate and researches it back, with a text summary, a data part and a JSON artifact', async () => {
    const stored = asTask(await client.sendMessage(request([data({ skill: 'remember', type: 'decision', content: 'We chose Postgres with pgvector for storage' })])));
    expect(stored.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(answer(stored).data).toMatchObject({ status: 'approved' });
    const id = answer(stored).data.id as string;

    const found = asTask(await client.sendMessage(request([text('What decisions have been made about database storage?')])));
    expect(found.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const { text: summary, data: results } = answer(found);
    expect(summary).toContain(`memory://${id}`);
    expect(results.citations[0]).toMatchObject({ id, type: 'decision', url: `memory://${id}` });
    expect(found.artifacts.map((a) => a.name)).toEqual(['research-results.json']);
    expect(found.artifacts[0]?.parts[0]?.content).toMatchObject({ $case: 'data', value: { citations: [expect.objectContaining({ id })] } });
  });

  it('recalls over the HTTP+JSON binding with the skill named in metadata', async () => {
    const rest = await v1Client(server.baseUrl, API_KEY, 'HTTP+JSON');
    const task = asTask(await rest.sendMessage(request([text('pgvector storage')], { skill: 'recall' }), {}));
    expect(answer(task).data.metadata).toMatchObject({ mode: expect.any(String) });
    expect(answer(task).data.results[0].content).toContain('pgvector');
  });

  it('streams status updates, then the artifact, then the terminal state (SSE)', async () => {
    const kinds: string[] = [];
    for await (const event of client.sendMessageStream(request([text('research: database storage')]))) {
      const p = event.payload;
      kinds.push(p?.$case === 'statusUpdate' ? `status:${TaskState[p.value.status?.state ?? 0]}` : String(p?.$case));
    }
    expect(kinds).toEqual(['task', 'status:TASK_STATE_WORKING', 'artifactUpdate', 'status:TASK_STATE_COMPLETED']);

    // The wire: an event stream, never compressed or buffered by a proxy, even when gzip is offered.
    const res = await fetch(`${server.baseUrl}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'accept-encoding': 'gzip', authorization: `Bearer ${API_KEY}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/stream', params: { message: { kind: 'message', messageId: 'sse-1', role: 'user', parts: [{ kind: 'text', text: 'recall: storage' }] } } }),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const frames = (await res.text()).split('\n\n').filter((f) => f.startsWith('data: '));
    expect(JSON.parse(frames.at(-1)?.slice(6) ?? '{}').result).toMatchObject({ kind: 'status-update', status: { state: 'completed' }, final: true });
  });

  it('gets tasks with history; unknown ids and cancelling a finished task are protocol errors', async () => {
    const done = asTask(await client.sendMessage(request([text('recall: storage')])));
    const got = await client.getTask({ tenant: '', id: done.id, historyLength: 1 });
    expect(got.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(got.history).toHaveLength(1);
    await expect(client.getTask({ tenant: '', id: '6a1c3a3e-0000-4000-8000-000000000000' })).rejects.toThrow(/not found/i);
    await expect(client.cancelTask({ tenant: '', id: done.id, metadata: undefined })).rejects.toThrow(/not cancelable/i);
  });

  it('refuses a missing or wrong API key on every endpoint but the card', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } });
    for (const auth of [undefined, 'Bearer wrong-key', 'Basic abc']) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'A2A-Version': '1.0', ...(auth ? { authorization: auth } : {}) };
      const rpc = await fetch(`${server.baseUrl}/a2a/jsonrpc`, { method: 'POST', headers, body });
      expect(rpc.status).toBe(401);
      expect(rpc.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(((await rpc.json()) as any).error.message).toMatch(/Unauthorized/);
      const rest = await fetch(`${server.baseUrl}/a2a/rest/tasks/x`, { headers });
      expect(rest.status).toBe(401);
      expect(((await rest.json()) as any).error.status).toBe('UNAUTHENTICATED');
      // /health without credentials, or with wrong ones, is liveness only (issues 18 and 37, like the MCP server's).
      const health = await fetch(`${server.baseUrl}/health`, { headers });
      expect(health.status).toBe(200);
      expect(Object.keys((await health.json()) as object)).toEqual(['status']);
      expect((await fetch(`${server.baseUrl}/metrics`, { headers })).status).toBe(401);
    }
    await expect(v1Client(server.baseUrl, 'wrong-key').then((c) => c.sendMessage(request([text('hello')])))).rejects.toThrow(/401|Unauthorized/);
  });

  it('serves Prometheus metrics with the key (ADR-0015)', async () => {
    const res = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^engram_memories_active \d+$/m);
    expect(text).toContain('# TYPE engram_sweep_duration_seconds histogram');
  });

  it('answers malformed input with protocol errors and writes nothing', async () => {
    const rpc = async (payload: unknown, raw?: string) => {
      const res = await fetch(`${server.baseUrl}/a2a/jsonrpc`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` }, body: raw ?? JSON.stringify(payload),
      });
      expect(res.headers.get('content-type')).toMatch(/json/);
      return { status: res.status, body: (await res.json()) as any };
    };
    const send = (message: unknown) => rpc({ jsonrpc: '2.0', id: 7, method: 'message/send', params: { message } });
    const msg = (parts: unknown[], metadata?: unknown) => ({ kind: 'message', messageId: 'm-1', role: 'user', parts, metadata });
    expect((await send(msg([]))).body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/parts/) });
    expect((await send(msg([{ kind: 'text', text: 'Zanzibar quokka' }], { skill: 'dance' }))).body.error.message).toMatch(/unknown skill "dance"/);
    expect((await send(msg([{ kind: 'data', data: { skill: 'remember', content: 'Zanzibar quokka', confidence: 2 } }]))).body.error.message)
      .toMatch(/confidence/);
    expect((await rpc({ jsonrpc: '2.0', id: 8, method: 'tasks/get', params: { id: 'x', historyLength: -1 } })).body.error)
      .toMatchObject({ code: -32602, message: expect.stringMatching(/historyLength/) });
    expect((await rpc(null, '{"jsonrpc": "2.0", "id": 9, "method": ')).body.error.code).toBe(-32700);
    const big = await rpc({ jsonrpc: '2.0', id: 10, method: 'message/send', params: { message: msg([{ kind: 'text', text: 'remember: ' + 'Zanzibar quokka '.repeat(MAX_BODY / 8) }]) } });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(/too large/);
    const restNeg = await fetch(`${server.baseUrl}/a2a/rest/tasks/x?historyLength=-3`, { headers: { authorization: `Bearer ${API_KEY}`, 'A2A-Version': '1.0' } });
    expect(restNeg.status).toBe(400);
    const recall = asTask(await client.sendMessage(request([data({ skill: 'recall', query: 'Zanzibar quokka', mode: 'keyword' })])));
    expect(answer(recall).data.results).toEqual([]);
  });

  it('runs concurrent tasks independently', async () => {
    const contents = Array.from({ length: 10 }, (_, i) => `Concurrent fact number ${i} about the release train`);
    const tasks = await Promise.all(contents.map((content, i) =>
      i % 2 === 0 ? client.sendMessage(request([data({ skill: 'remember', content })])) : client.sendMessage(request([text('release train')], { skill: 'recall' }))));
    expect(new Set(tasks.map((t) => asTask(t).id)).size).toBe(10);
    expect(tasks.every((t) => asTask(t).status?.state === TaskState.TASK_STATE_COMPLETED)).toBe(true);
  });

  it('speaks v0.3 to a v0.3 client (message/send, tasks/get) on the same endpoint', async () => {
    const card = (await (await fetch(`${server.baseUrl}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0' } })).json()) as AgentCard;
    const legacy = v03Client(server.baseUrl, API_KEY, card);
    const task = asTask(await legacy.sendMessage(request([text('remember: The v0.3 peers talk to us on Fridays')])));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(answer(task).data.status).toBe('approved');
    expect((await legacy.getTask({ tenant: '', id: task.id })).id).toBe(task.id);
  });

  it('runs the documented example client (docs/examples/a2a-call-engram.mjs)', () => {
    const run = spawnSync(process.execPath, [join(repoRoot, 'docs/examples/a2a-call-engram.mjs'), server.baseUrl, 'Our on-call rotation changes every Monday', 'when does on-call rotate?'],
      { env: childEnv({ ENGRAM_API_KEY: API_KEY }), encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/remember → Remembered as memory:\/\//);
    expect(run.stdout).toMatch(/cite memory:\/\/[0-9a-f-]{36} \(fact/);
  });

  it('keeps tasks across a restart (Postgres task store)', async () => {
    const before = asTask(await client.sendMessage(request([text('recall: Fridays')])));
    await server.stop();
    server = await startA2aServer(env);
    const after = await (await v1Client(server.baseUrl, API_KEY)).getTask({ tenant: '', id: before.id });
    expect(after.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(answer(after).text).toContain('Fridays');
  });
});
