import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { processBackends } from '../../../tools/test/backends.js';
import { buildApp, runCliJson, startHttpServer, tempHome, type HttpServerProcess } from '../../../tools/test/app-process.js';

const KEY = 'metrics-e2e-key';

beforeAll(() => {
  buildApp('mcp-server');
  buildApp('admin-cli');
});

describe.each(processBackends)('GET /metrics over real HTTP ($name)', (backend) => {
  const home = tempHome();
  let server: HttpServerProcess;
  let backendEnv: Record<string, string | undefined>;

  beforeAll(async () => {
    backendEnv = await backend.env();
    server = await startHttpServer({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model`, ENGRAM_API_KEY: KEY, ...backendEnv });
    const client = new Client({ name: 'metrics-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${KEY}` } } }));
    for (const content of ['metrics are scraped every 15 seconds', 'the dashboard lives in grafana']) {
      await client.callTool({ name: 'remember', arguments: { content } });
    }
    await client.close();
  });
  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  it('is protected like /mcp', async () => {
    const denied = await fetch(`${server.baseUrl}/metrics`);
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toMatch(/Bearer/);
  });

  it('serves Prometheus text exposition with the stats numbers', async () => {
    const res = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE engram_memories gauge');
    expect(text).toMatch(/^engram_memories\{status="active"\} 2$/m);
    expect(text).toMatch(/^engram_memories_active 2$/m);
    expect(text).toMatch(/^engram_memories_by_age_days\{le="7"\} 2$/m);
    expect(text).toMatch(/^engram_memories_by_effective_confidence\{le="1"\} 2$/m);
    expect(text).toMatch(/^engram_consolidation_ratio\{unit="records"\} 0$/m);
    expect(text).toContain('# TYPE engram_sweep_duration_seconds histogram');
    expect(text).toMatch(/^engram_learning\{name="decisions_received"\} 0$/m);
    expect(text).toMatch(/^engram_learning\{name="weights_drift"\} 0$/m);
    expect(text).toMatch(/^engram_process_resident_memory_bytes \d+/m);
  });

  // A sweep run by an operator's CLI against the same server database shows up in the server's metrics.
  (isNativePostgres() ? it : it.skip)('shows sweep runs recorded by another process (native Postgres only: PGlite is single-process)', async () => {
    const run = await runCliJson(['sweep', 'run', 'archive'], { ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model`, ...backendEnv });
    expect(run).toMatchObject({ status: 'completed', counts: { scanned: 2 } });
    const text = await (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${KEY}` } })).text();
    expect(text).toMatch(/^engram_sweep_runs\{sweep="archive",status="completed"\} 1$/m);
    expect(text).toMatch(/^engram_sweep_last_run_count\{sweep="archive",count="scanned"\} 2$/m);
    expect(text).toMatch(/^engram_sweep_last_run_start_timestamp_seconds\{sweep="archive",status="completed"\} \d+/m);
  });

  function isNativePostgres(): boolean {
    return backend.name === 'native Postgres';
  }
});
