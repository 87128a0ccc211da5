// Issue 36 T3-19 / T3-23 on the inspector's HTTP boundary: a JSON body is measured before it is
// parsed and refused by name (a 400 page); a __proto__ key is refused by name. The parser does not
// depend on the engine, so one (the default, embedded) is enough.
import { tempHome } from '../../../tools/test/app-process.js';
import { buildInspector, startInspector, type InspectorProcess } from './harness.js';

const API_KEY = 'inspector-json-limits-key';

beforeAll(() => buildInspector());

describe('inspector JSON bodies within limits', () => {
  const home = tempHome();
  let server: InspectorProcess;
  const postLogin = async (body: string) => {
    const res = await fetch(new URL('/login', server.baseUrl), {
      method: 'POST', body, redirect: 'manual', headers: { 'content-type': 'application/json', origin: server.baseUrl },
    });
    return { status: res.status, text: await res.text() };
  };

  beforeAll(async () => {
    server = await startInspector({ ENGRAM_HOME: home.dir, ENGRAM_API_KEY: API_KEY }, ['--model-dir', `${home.dir}/no-model`]);
  });
  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  it('T3-19 refuses a 5,000-key body and a 12,000-item array by name (64 KB holds no 40,000 keys); a small JSON body is parsed', async () => {
    const keys = await postLogin(`{${Array.from({ length: 5_000 }, (_, i) => `"k${i}":1`).join(',')}}`);
    expect(keys.status).toBe(400);
    expect(keys.text).toContain('JSON_TOO_MANY_KEYS');
    const items = await postLogin(`{"key":[${Array.from({ length: 12_000 }, () => '0').join(',')}]}`);
    expect(items.status).toBe(400);
    expect(items.text).toContain('JSON_ARRAY_TOO_LONG');
    expect((await postLogin('{"key":"not the key"}')).status).toBe(401);
    expect((await postLogin(JSON.stringify({ key: API_KEY }))).status).toBe(303);
  });

  it('T3-23 a __proto__ key is refused by name, not called invalid JSON', async () => {
    const res = await postLogin('{"key":"x","__proto__":{"admin":true}}');
    expect(res.status).toBe(400);
    expect(res.text).toContain('JSON_FORBIDDEN_KEY');
  });
});
