// Phase 7 (issue 4): the built A2A server (dist/apps/a2a-server/main.js) on the native database at
// its first size (10k): message/send with the recall skill through the official SDK client,
// sequential latency, then throughput with 10 concurrent clients.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@a2a-js/sdk/client';
import { request, text, v1Client } from '../../../apps/a2a-server/test/a2a-test-client.js';
import { startA2aServer, type HttpServerProcess } from '../../test/app-process.js';
import { queries } from './corpus.js';
import { progress, since, summarize } from './stats.js';

export type A2aResult =
  | { measured: true; memories: number; sequential: ReturnType<typeof summarize>; clients: number; requests: number; seconds: number; perSecond: number; underLoad: ReturnType<typeof summarize> }
  | { measured: false; reason: string };

const API_KEY = 'bench-a2a-key-0123456789';

async function recall(client: Client, query: string): Promise<number> {
  const t = performance.now();
  const result = await client.sendMessage(request([text(query)], { skill: 'recall' }));
  const ms = since(t);
  if (!('status' in result) || result.status?.state !== 3 /* TASK_STATE_COMPLETED */) throw new Error(`recall did not complete: ${JSON.stringify(result).slice(0, 300)}`);
  return ms;
}

/** Starts the A2A server against `databaseUrl` and measures message/send (recall). */
export async function measureA2aServer(root: string, databaseUrl: string, modelDir: string, seed: number, memories: number, count = 200, clients = 10): Promise<A2aResult> {
  if (!existsSync(join(root, 'dist/apps/a2a-server/main.js'))) return { measured: false, reason: 'dist/apps/a2a-server/main.js is not built (npm run build)' };
  const home = mkdtempSync(join(tmpdir(), 'engram-bench-a2a-'));
  let server: HttpServerProcess | undefined;
  try {
    server = await startA2aServer({ DATABASE_URL: databaseUrl, ENGRAM_HOME: home, ENGRAM_MODEL_DIR: modelDir, ENGRAM_API_KEY: API_KEY, ENGRAM_LOG_LEVEL: 'warn' });
    const qs = queries(seed + 7, count + 10 + clients * 30).map((q) => q.text);
    const client = await v1Client(server.baseUrl, API_KEY);
    for (const q of qs.slice(0, 10)) await recall(client, q); // warm-up: model session, caches
    const sequential: number[] = [];
    for (const q of qs.slice(10, 10 + count)) sequential.push(await recall(client, q));
    progress(`  A2A message/send recall: p50 ${summarize(sequential).p50} ms, p95 ${summarize(sequential).p95} ms`);
    const pool = await Promise.all(Array.from({ length: clients }, () => v1Client(server!.baseUrl, API_KEY)));
    const loaded: number[] = [];
    const t = performance.now();
    await Promise.all(pool.map(async (c, i) => {
      for (const q of qs.slice(10 + count + i * 30, 10 + count + (i + 1) * 30)) loaded.push(await recall(c, q));
    }));
    const seconds = since(t) / 1000;
    const perSecond = Math.round(loaded.length / seconds);
    progress(`  A2A with ${clients} concurrent clients: ${perSecond} requests/s, p95 ${summarize(loaded).p95} ms`);
    return { measured: true, memories, sequential: summarize(sequential), clients, requests: loaded.length, seconds: Math.round(seconds * 10) / 10, perSecond, underLoad: summarize(loaded) };
  } catch (error) {
    return { measured: false, reason: `the A2A server could not be measured: ${(error as Error).message.slice(0, 500)}` };
  } finally {
    await server?.stop();
    rmSync(home, { recursive: true, force: true });
  }
}
