// /health of the MCP HTTP server (issue 18): liveness only ({ status }) for a caller without the
// key or from a foreign Host (load balancers), the full report past the /mcp checks.
import { request as httpRequest } from 'node:http';
import { buildApp, startHttpServer, tempHome, type HttpServerProcess } from '../../../tools/test/app-process.js';

const API_KEY = 'mcp-health-key';

function get(baseUrl: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseUrl), { headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(() => buildApp('mcp-server'));

describe('MCP server /health', () => {
  const home = tempHome();
  let server: HttpServerProcess;

  beforeAll(async () => {
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model`, ENGRAM_API_KEY: API_KEY });
  });

  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  it('answers liveness only without the key, or with it from a foreign Host', async () => {
    expect(await get(server.baseUrl, '/health', {})).toEqual({ status: 200, body: { status: 'degraded' } });
    const foreign = await get(server.baseUrl, '/health', { host: 'evil.example', authorization: `Bearer ${API_KEY}` });
    expect(foreign.body).toEqual({ status: 'degraded' });
    expect(JSON.stringify(foreign.body)).not.toContain(home.dir);
  });

  it('answers the full report with the key from an allowed Host', async () => {
    const full = await get(server.baseUrl, '/health', { authorization: `Bearer ${API_KEY}` });
    expect(full.body).toMatchObject({ status: 'degraded', database: { ok: true }, model: { ok: false }, config: expect.any(Object) });
  });
});
