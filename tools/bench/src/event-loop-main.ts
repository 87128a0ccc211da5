// `npm run bench:event-loop`: no single request may hold the server's event loop for more than
// ~50 ms (issue 17, ADR-0031). The built MCP server is started on each engine; while one
// memory.store of a large input runs, a second client polls `/health` back to back. A request that
// blocks the loop shows up as a slow /health answer, which is what a load balancer would see.
// Inputs: one 99,999-letter word (the Porter2 stemmer was quadratic on it); 100,000 characters of
// ordinary prose (the repository's ADRs), the most memory.store's schema accepts; and 256 KB of
// it, which the tool refuses by that cap (the gate itself takes 256 KB: libs/librarian/test/
// bounded-text.int-spec.ts measures that). Results go to stdout as markdown; progress to stderr.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { testModelDir, repoRoot } from '../../test/app-process.js';
import { openMcpSession, type McpSession } from './conversations/mcp-session.js';
import { progress } from './stats.js';

function argValue(flag: string, fallback: string): string {
  const i = process.argv.indexOf(flag);
  return i < 0 ? fallback : (process.argv[i + 1] ?? fallback);
}

const backends = ((b) => (b === 'both' ? ['postgres', 'pglite'] : [b]))(argValue('--backend', 'both')) as ('postgres' | 'pglite')[];
const rounds = Number(argValue('--rounds', '3'));

/** About `bytes` of developer prose (the ADRs, repeated), made unique by `salt` so no store is a duplicate. */
function prose(bytes: number, salt: string): string {
  const dir = join(repoRoot, 'docs/adr');
  const text = readdirSync(dir).sort().map((f) => readFileSync(join(dir, f), 'utf8')).join('\n\n');
  let out = `${salt}\n`;
  while (Buffer.byteLength(out) < bytes) out += text;
  return Buffer.from(out).subarray(0, bytes).toString('utf8').replace(/\uFFFD+$/, '');
}

/** `chars` characters of prose, cut at a space so it does not end in half a word. */
function proseChars(chars: number, salt: string): string {
  const text = prose(chars * 2, salt).slice(0, chars);
  return text.slice(0, text.lastIndexOf(' '));
}

const INPUTS: { name: string; content: (round: number) => string }[] = [
  { name: '100 KB single word', content: (r) => `${'q'.repeat(99_999 - 2)}${String(r).padStart(2, '0')}` },
  { name: '100,000 characters of prose', content: (r) => proseChars(100_000, `round ${r} ${Date.now()}`) },
  { name: '256 KB prose (over the tool cap)', content: (r) => prose(255 * 1024, `round ${r} ${Date.now()}`) },
];

interface Polled {
  count: number;
  p50: number;
  max: number;
}

/** Polls /health back to back until `stop` resolves; each answer's latency in ms. */
async function pollHealth(url: string, stop: Promise<unknown>): Promise<Polled> {
  let done = false;
  void stop.finally(() => { done = true; });
  const latencies: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, p50: latencies[Math.floor(latencies.length / 2)] ?? 0, max: latencies.at(-1) ?? 0 };
}

async function idleHealth(url: string): Promise<Polled> {
  const stop = new Promise((resolve) => setTimeout(resolve, 2000));
  return pollHealth(url, stop);
}

const fmt = (ms: number) => ms.toFixed(0);

async function measure(backend: 'postgres' | 'pglite', session: McpSession): Promise<string[]> {
  const health = new URL('/health', session.baseUrl).toString();
  await session.call('memory.store', { type: 'fact', content: 'warm-up write of the event-loop benchmark', scope: 'project:eventloop' });
  const idle = await idleHealth(health);
  const lines = [`| ${backend} | idle (2 s) | | ${idle.count} | ${fmt(idle.p50)} | ${fmt(idle.max)} | ${loadavg()[0]?.toFixed(1)} |`];
  for (const input of INPUTS) {
    for (let r = 0; r < rounds; r++) {
      const content = input.content(r);
      const t0 = performance.now();
      // A scope per store: the same prose twice in one scope is a near duplicate, queued for review.
      const scope = `project:eventloop-${INPUTS.indexOf(input)}-${r}`;
      const call = session.call('memory.store', { type: 'fact', content, scope });
      const polled = await pollHealth(health, call);
      const result = await call;
      const ms = performance.now() - t0;
      const status = result.isError ? `refused: ${result.text.slice(0, 50)}` : String(result.structured.status ?? '?');
      progress(`${backend}: ${input.name} round ${r + 1}: ${fmt(ms)} ms (${status}), /health max ${fmt(polled.max)} ms over ${polled.count} polls`);
      lines.push(`| ${backend} | ${input.name} (${status}) | ${fmt(ms)} | ${polled.count} | ${fmt(polled.p50)} | ${fmt(polled.max)} | ${loadavg()[0]?.toFixed(1)} |`);
    }
  }
  return lines;
}

const modelDir = testModelDir();
if (!modelDir) throw new Error('no embedding model: run the setup (tools/setup) or set ENGRAM_TEST_MODEL_DIR');
console.log(`## Event loop under one large memory.store, ${new Date().toISOString()}\n`);
console.log('| engine | input (status) | call ms | /health polls | /health p50 ms | /health max ms | load |');
console.log('|---|---|---|---|---|---|---|');
for (const backend of backends) {
  progress(`${backend}: starting the built MCP server (load average ${loadavg()[0]?.toFixed(2)})`);
  const session = await openMcpSession(backend, modelDir, undefined);
  try {
    for (const line of await measure(backend, session)) console.log(line);
  } finally {
    await session.close();
  }
}
