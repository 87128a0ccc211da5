// The A2A conformance bugs of issue 18, each over both bindings and both protocol versions, plus
// Host/Origin checks and /health liveness. Embedded database: these checks run before any storage.
import { randomUUID } from 'node:crypto';
import { buildApp, startA2aServer, tempHome, type HttpServerProcess } from '../../../tools/test/app-process.js';
import { answer, asTask, data, request, TaskState, v1Client } from './a2a-test-client.js';
import { COMBINATIONS, errorOf, rawCall, rawPost, sendRequest, stateOf, type Binding, type PartSpec, type Version } from './a2a-wire-shapes.js';

const API_KEY = 'a2a-conformance-key';
const AUTH = { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' };

beforeAll(() => buildApp('a2a-server'));

describe('A2A conformance (issue 18)', () => {
  const home = tempHome();
  let server: HttpServerProcess;

  beforeAll(async () => {
    server = await startA2aServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model`, ENGRAM_API_KEY: API_KEY });
  });

  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  const send = (binding: Binding, version: Version, parts: PartSpec[]) => {
    const r = sendRequest(binding, version, parts);
    return rawPost(server.baseUrl, r.path, { ...AUTH, ...r.headers }, JSON.stringify(r.body));
  };

  it.each(COMBINATIONS)('bug 1: a text send completes over %s v%s (v0.3 HTTP+JSON reads message.content)', async (binding, version) => {
    const res = await send(binding, version, [{ text: `remember: The ${binding} ${version} peers deploy on Thursdays` }]);
    expect(res.status).toBeLessThan(300);
    expect(stateOf(res.body)).toBe('completed');
  });

  it('bug 1: a v0.3 HTTP+JSON body with message.parts is refused by name and becomes no task', async () => {
    const res = await rawPost(server.baseUrl, '/a2a/rest/v1/message:send', AUTH,
      JSON.stringify({ message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'hello' }] } }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/message\.content/);
  });

  it.each(COMBINATIONS)('bug 2: a file part (image/png) is ContentTypeNotSupported over %s v%s', async (binding, version) => {
    const res = await send(binding, version, [{ text: 'look at this' }, { file: { uri: 'https://example.com/a.png', mediaType: 'image/png' } }]);
    const err = errorOf(res);
    if (binding === 'jsonrpc') expect(err.rpc).toBe(-32005);
    else expect([err.status, err.reason]).toEqual([415, 'CONTENT_TYPE_NOT_SUPPORTED']);
    expect(err.message).toMatch(/image\/png/);
  });

  it.each(COMBINATIONS)('bug 2: a text/plain body is ContentTypeNotSupported over %s v%s, before any params check', async (binding, version) => {
    const r = sendRequest(binding, version, [{ text: 'hello' }]);
    const res = await rawPost(server.baseUrl, r.path, { ...AUTH, ...r.headers, 'content-type': 'text/plain' }, JSON.stringify(r.body));
    const err = errorOf(res);
    if (binding === 'jsonrpc') expect(err.rpc).toBe(-32005);
    else expect([err.status, err.reason]).toEqual([415, 'CONTENT_TYPE_NOT_SUPPORTED']);
  });

  it.each(['1.0', '0.3'] as const)('bug 3: an invalid JSON-RPC envelope is -32600 before its params are read (v%s)', async (version) => {
    const r = sendRequest('jsonrpc', version, []);
    const bad: Record<string, unknown>[] = [{ ...r.body, jsonrpc: '1.0' }, { ...r.body, id: { nested: true } }, { ...r.body, jsonrpc: undefined }];
    for (const body of bad) {
      const res = await rawPost(server.baseUrl, r.path, { ...AUTH, ...r.headers }, JSON.stringify(body));
      expect(res.body.error.code).toBe(-32600);
      expect(res.body.id ?? null).toBe(typeof body.id === 'object' ? null : body.id);
    }
  });

  it.each(['1.0', '0.3'] as const)('bug 3: HTTP+JSON has no envelope; an empty message stays INVALID_ARGUMENT (v%s)', async (version) => {
    const res = await send('rest', version, []);
    expect(res.status).toBe(400);
  });

  it.each(COMBINATIONS)('bug 4: a data part that names no skill is content for research over %s v%s', async (binding, version) => {
    for (const payload of [{ type: 'note', content: 'Thursday deploys' }, { key: 'value', number: 123, nested: { array: [1, 2, 3] } }]) {
      const res = await send(binding, version, [{ data: payload }]);
      expect(stateOf(res.body)).toBe('completed');
    }
  });

  it('bug 4: the official v1.0 client sends a free-form data part over both bindings; a named skill stays strict', async () => {
    for (const binding of ['JSONRPC', 'HTTP+JSON'] as const) {
      const client = await v1Client(server.baseUrl, API_KEY, binding);
      const task = asTask(await client.sendMessage(request([data({ type: 'note', content: 'Thursday deploys' })])));
      expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      expect(answer(task).text).toContain('Thursdays');
    }
    const strict = await send('jsonrpc', '0.3', [{ data: { skill: 'research', query: 'x', colour: 'blue' } }]);
    expect(errorOf(strict)).toMatchObject({ rpc: -32602, message: expect.stringMatching(/colour/) });
  });

  it('refuses a foreign Host or Origin (DNS rebinding) on the card and the endpoints', async () => {
    const card = await rawCall('GET', server.baseUrl, '/.well-known/agent-card.json', { host: 'evil.example' });
    expect(card.status).toBe(403);
    const origin = await rawPost(server.baseUrl, '/a2a/jsonrpc', { ...AUTH, origin: 'http://evil.example' }, '{}');
    expect(origin.status).toBe(403);
    const local = await rawCall('GET', server.baseUrl, '/.well-known/agent-card.json', { origin: server.baseUrl });
    expect(local.status).toBe(200);
  });

  it('/health: liveness only without the key or from a foreign Host; the full report with the key', async () => {
    const anonymous = await rawCall('GET', server.baseUrl, '/health', {});
    expect(anonymous).toEqual({ status: 200, body: { status: 'degraded' } });
    const foreign = await rawCall('GET', server.baseUrl, '/health', { host: 'lb.internal', authorization: `Bearer ${API_KEY}` });
    expect(Object.keys(foreign.body)).toEqual(['status']);
    const wrong = await rawCall('GET', server.baseUrl, '/health', { authorization: 'Bearer nope' });
    expect(wrong).toEqual({ status: 200, body: { status: 'degraded' } });
    const full = await rawCall('GET', server.baseUrl, '/health', { authorization: `Bearer ${API_KEY}` });
    expect(full.body).toMatchObject({ status: 'degraded', database: { ok: true }, config: expect.any(Object) });
  });
});
