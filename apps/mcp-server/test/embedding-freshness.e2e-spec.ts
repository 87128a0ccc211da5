// Embedding freshness (issue 18) on native Postgres with the real model: every burst of stores is
// fully embedded within N / (measured embedding rate) + 5 s, burst after burst, and /health and
// /metrics report the backlog. (Takeover of a killed server's job: embedding-takeover.e2e-spec.ts.)
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { pendingEmbeddings } from '../../../tools/test/pg-probes.js';
import { createEmptyPostgresDatabase } from '../../../tools/test/backends.js';
import { buildApp, runCli, startHttpServer, tempHome, testModelDir, type HttpServerProcess } from '../../../tools/test/app-process.js';
import { loadTestEmbedder } from '../../../tools/test/test-embedder.js';

const N = 60;
const modelDir = testModelDir();
const maybe = modelDir ? describe : describe.skip;

const pending = pendingEmbeddings;

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not reached within ${timeoutMs} ms`);
}

async function burst(server: HttpServerProcess, tag: string, n: number): Promise<void> {
  const client = new Client({ name: 'freshness', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  const words = ['cache', 'replica', 'ledger', 'canary', 'quota', 'shard', 'token', 'cron'];
  await Promise.all(Array.from({ length: n }, (_, i) => client.callTool({
    name: 'memory.store', arguments: { type: 'fact', content: `${tag} item ${i}: the ${words[i % 8]} ${words[(i * 3) % 8]} runs on node ${i * 11}` },
  })));
  await client.close();
}

/** Passages per second of the model on this machine now (the same batch size as the server). */
async function embeddingRate(): Promise<number> {
  const embedder = await loadTestEmbedder();
  try {
    const texts = Array.from({ length: 64 }, (_, i) => `calibration passage ${i} about caches, replicas and ledgers on node ${i}`);
    await embedder.embedPassages(texts.slice(0, 8));
    const t = Date.now();
    await embedder.embedPassages(texts.slice(0, 32));
    await embedder.embedPassages(texts.slice(32));
    return 64 / ((Date.now() - t) / 1000);
  } finally {
    await embedder.close();
  }
}

beforeAll(() => {
  buildApp('mcp-server');
  buildApp('admin-cli');
});

maybe('embedding freshness (native Postgres, real model)', () => {
  const home = tempHome();
  let url = '';
  const env = () => ({ ENGRAM_HOME: home.dir, DATABASE_URL: url, ENGRAM_MODEL_DIR: modelDir, ENGRAM_RATE_LIMIT_BURST: '100000' });
  afterAll(() => home.remove());

  it(`embeds each of 3 bursts of ${N} stores within N / rate + 5 s`, async () => {
    url = await createEmptyPostgresDatabase();
    expect((await runCli(['migrate'], env())).code).toBe(0);
    const server = await startHttpServer(env());
    try {
      for (let round = 0; round < 3; round += 1) {
        const rate = await embeddingRate();
        await burst(server, `burst ${round} ${randomBytes(3).toString('hex')}`, N);
        const ms = await waitFor(async () => (await pending(url)) === 0, 120_000);
        const bound = (N / rate + 5) * 1000;
        process.stderr.write(`burst ${round}: ${N} embedded ${ms} ms after the last store (rate ${rate.toFixed(1)}/s, bound ${Math.round(bound)} ms)\n`);
        expect(ms).toBeLessThanOrEqual(bound);
      }
      const health = (await (await fetch(`${server.baseUrl}/health`)).json()) as { embeddings: { pending: number; oldestAgeSeconds: number | null } };
      expect(health.embeddings).toEqual({ pending: 0, oldestAgeSeconds: null });
      const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
      expect(metrics).toMatch(/^engram_embeddings_pending 0$/m);
      expect(metrics).toMatch(/^engram_embeddings_oldest_pending_age_seconds 0$/m);
    } finally {
      await server.stop();
    }
  }, 300_000);
});
