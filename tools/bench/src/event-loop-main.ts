// `npm run bench:event-loop`: no single request may hold the server's event loop for more than
// ~50 ms (issue 17, ADR-0031, ADR-0035). The built MCP server is started on each engine; while one
// memory.store of a large input runs, a second client polls `/health` back to back and a third an
// unknown path that needs no database (answered 404 by the HTTP layer). A request that blocks the
// loop shows up as a slow answer to both; the server's own longest event-loop delay during the
// call (`engram_nodejs_eventloop_lag_max_seconds` of /metrics, reset by a scrape just before the
// call, 10 ms resolution) is the precise figure. On PGlite, /health also waits for the database:
// its probe queries queue behind the store's statements on the engine's single session.
// Inputs: one 99,999-letter word (the Porter2 stemmer was quadratic on it); 100,000 characters of
// ordinary prose (the repository's ADRs), the most memory.store's schema accepts; and 256 KB of
// it, which the tool refuses by that cap (the gate itself takes 256 KB: libs/librarian/test/
// bounded-text.int-spec.ts measures that). Then the inputs of issue 36 (boundary-inputs.ts):
// bodies refused by their shape before parsing (T3-19), the seven inputs that answered
// INTERNAL_ERROR (T3-23), and the largest metadata the limits accept. `--inputs store|boundary`
// runs one group only. Results go to stdout as markdown; progress to stderr.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { testModelDir, repoRoot } from '../../test/app-process.js';
import { openMcpSession, type McpSession } from './conversations/mcp-session.js';
import { progress } from './stats.js';
import { BOUNDARY_INPUTS, type BoundaryInput } from './event-loop-boundary.js';

function argValue(flag: string, fallback: string): string {
  const i = process.argv.indexOf(flag);
  return i < 0 ? fallback : (process.argv[i + 1] ?? fallback);
}

const backends = ((b) => (b === 'both' ? ['postgres', 'pglite'] : [b]))(argValue('--backend', 'both')) as ('postgres' | 'pglite')[];
const rounds = Number(argValue('--rounds', '3'));
const groups = ((g) => (g === 'all' ? ['store', 'boundary'] : [g]))(argValue('--inputs', 'all'));

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

/** Polls `url` back to back until `stop` resolves; each answer's latency in ms. */
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

const fmt = (ms: number) => ms.toFixed(0);

/** The server's longest event-loop delay since the previous scrape, in ms (prom-client resets it on each scrape). */
async function loopLagMaxMs(session: McpSession): Promise<number> {
  const res = await fetch(new URL('/metrics', session.baseUrl), { headers: session.authHeaders });
  const text = await res.text();
  const line = text.split('\n').find((l) => l.startsWith('engram_nodejs_eventloop_lag_max_seconds'));
  if (!res.ok || !line) throw new Error(`no event-loop lag in /metrics (HTTP ${res.status})`);
  return Number(line.split(' ').at(-1)) * 1000;
}

async function measure(backend: 'postgres' | 'pglite', session: McpSession): Promise<string[]> {
  const health = new URL('/health', session.baseUrl).toString();
  const noDb = new URL('/event-loop-probe-404', session.baseUrl).toString();
  await session.call('memory.store', { type: 'fact', content: 'warm-up write of the event-loop benchmark', scope: 'project:eventloop' });
  await loopLagMaxMs(session);
  const idleStop = new Promise((resolve) => setTimeout(resolve, 2000));
  const [idle, idleNoDb] = await Promise.all([pollHealth(health, idleStop), pollHealth(noDb, idleStop)]);
  const idleLag = await loopLagMaxMs(session);
  const lines = [`| ${backend} | idle (2 s) | | ${fmt(idleLag)} | ${idleNoDb.count} | ${fmt(idleNoDb.p50)} | ${fmt(idleNoDb.max)} | ${idle.count} | ${fmt(idle.p50)} | ${fmt(idle.max)} | ${loadavg()[0]?.toFixed(1)} |`];
  if (groups.includes('boundary')) {
    for (const input of BOUNDARY_INPUTS) lines.push(await measureBoundary(backend, session, input, health, noDb));
  }
  if (!groups.includes('store')) return lines;
  for (const input of INPUTS) {
    for (let r = 0; r < rounds; r++) {
      const content = input.content(r);
      await loopLagMaxMs(session); // resets the server's maximum
      const t0 = performance.now();
      // A scope per store: the same prose twice in one scope is a near duplicate, queued for review.
      const scope = `project:eventloop-${INPUTS.indexOf(input)}-${r}`;
      const call = session.call('memory.store', { type: 'fact', content, scope });
      const [polled, polledNoDb] = await Promise.all([pollHealth(health, call), pollHealth(noDb, call)]);
      const result = await call;
      const ms = performance.now() - t0;
      const lag = await loopLagMaxMs(session);
      const status = result.isError ? `refused: ${result.text.slice(0, 50)}` : String(result.structured.status ?? '?');
      progress(`${backend}: ${input.name} round ${r + 1}: ${fmt(ms)} ms (${status}), server loop max ${fmt(lag)} ms, no-DB probe max ${fmt(polledNoDb.max)} ms, /health max ${fmt(polled.max)} ms over ${polled.count} polls`);
      lines.push(`| ${backend} | ${input.name} (${status}) | ${fmt(ms)} | ${fmt(lag)} | ${polledNoDb.count} | ${fmt(polledNoDb.p50)} | ${fmt(polledNoDb.max)} | ${polled.count} | ${fmt(polled.p50)} | ${fmt(polled.max)} | ${loadavg()[0]?.toFixed(1)} |`);
    }
  }
  return lines;
}

/** One issue-36 input: its answer, the server's longest loop delay meanwhile, /health and the no-DB probe polled around it. */
async function measureBoundary(backend: string, session: McpSession, input: BoundaryInput, health: string, noDb: string): Promise<string> {
  await loopLagMaxMs(session); // resets the server's maximum
  const t0 = performance.now();
  const call = input.send(session);
  const [polled, polledNoDb] = await Promise.all([pollHealth(health, call), pollHealth(noDb, call)]);
  const status = await call;
  const ms = performance.now() - t0;
  const lag = await loopLagMaxMs(session);
  progress(`${backend}: ${input.name}: ${fmt(ms)} ms (${status}), server loop max ${fmt(lag)} ms, /health max ${fmt(polled.max)} ms`);
  return `| ${backend} | ${input.name} (${status}) | ${fmt(ms)} | ${fmt(lag)} | ${polledNoDb.count} | ${fmt(polledNoDb.p50)} | ${fmt(polledNoDb.max)} | ${polled.count} | ${fmt(polled.p50)} | ${fmt(polled.max)} | ${loadavg()[0]?.toFixed(1)} |`;
}

const modelDir = testModelDir();
if (!modelDir) throw new Error('no embedding model: run the setup (tools/setup) or set ENGRAM_TEST_MODEL_DIR');
console.log(`## Event loop under large or malformed inputs, ${new Date().toISOString()}\n`);
console.log('| engine | input (status) | call ms | server loop max ms | no-DB polls | no-DB p50 ms | no-DB max ms | /health polls | /health p50 ms | /health max ms | load |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const backend of backends) {
  progress(`${backend}: starting the built MCP server (load average ${loadavg()[0]?.toFixed(2)})`);
  const session = await openMcpSession(backend, modelDir, undefined);
  try {
    for (const line of await measure(backend, session)) console.log(line);
  } finally {
    await session.close();
  }
}
