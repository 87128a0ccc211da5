import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { parseJsonBody, protocolErrorHandler } from './a2a-middleware.js';

/*
 * Issue 36 T3-19 / T3-23 on the A2A endpoints: the body parser of both bindings measures the
 * body's shape before JSON.parse and names the limit; a __proto__ key is refused by name.
 */
async function withApp(run: (post: (path: string, body: string) => Promise<{ status: number; json: any; ms: number }>) => Promise<void>): Promise<void> {
  const app = express();
  const echo: RequestHandler = (req, res) => void res.json({ got: typeof req.body });
  app.use('/a2a/jsonrpc', parseJsonBody(1_048_576), echo);
  app.use('/a2a/rest', parseJsonBody(1_048_576), echo);
  app.use(protocolErrorHandler('/a2a/rest', () => {}));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await run(async (path, body) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      return { status: res.status, json: await res.json(), ms: performance.now() - t0 };
    });
  } finally {
    await new Promise((r) => server.close(r));
  }
}

const keys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`;

describe('A2A bodies within limits (issue 36)', () => {
  it('T3-19 refuses 40,000-key metadata and a 120,000-item array by name on both bindings', async () => {
    await withApp(async (post) => {
      const rpc = await post('/a2a/jsonrpc', `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"metadata":${keys(40_000)}}}}`);
      expect(rpc.status).toBe(400);
      expect(rpc.json.error).toMatchObject({ code: -32600, message: expect.stringContaining('JSON_TOO_MANY_KEYS') });
      const rest = await post('/a2a/rest/v1/message:send', `{"message":{"parts":[${Array.from({ length: 120_000 }, () => '0').join(',')}]}}`);
      expect(rest.status).toBe(400);
      expect(JSON.stringify(rest.json)).toContain('JSON_ARRAY_TOO_LONG');
      expect(await post('/a2a/jsonrpc', '{"jsonrpc":"2.0","id":2,"method":"GetTask","params":{"id":"t"}}')).toMatchObject({ status: 200, json: { got: 'object' } });
    });
  });

  it('T3-23 a __proto__ key is JSON_FORBIDDEN_KEY, broken syntax stays a parse error', async () => {
    await withApp(async (post) => {
      const proto = await post('/a2a/jsonrpc', '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"__proto__":{"x":1}}}');
      expect(proto.status).toBe(400);
      expect(proto.json.error.message).toContain('JSON_FORBIDDEN_KEY');
      const broken = await post('/a2a/jsonrpc', '{"jsonrpc":');
      expect(broken.json.error).toMatchObject({ code: -32700 });
    });
  });
});
