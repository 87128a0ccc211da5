// Agent-hook benchmark (issue 5, ADR-0012). (1) `bin/engram hook` as Claude Code runs it: one cold
// process per event, payload on stdin, wall time from spawn to exit, sequential, against native
// Postgres and embedded PGlite (served by this process's socket, as by a running MCP server); every
// call must be stored (no spool). (2) Ingest throughput of the event log through the same use case
// as events.ingest, 10k events in batches of 1000 and of 1.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createMemoryService, type MemoryService } from '@engram/agents';
import { createGate } from '@engram/librarian';
import { createTypeRegistry, RecordReader } from '@engram/memory';
import { createRetrievalPipeline, createSearchService, touchMemories } from '@engram/retrieval';
import { sql } from 'kysely';
import { engramBin } from '../../test/app-process.js';
import { createEmbeddedDatabase, createNativeDatabase, type BenchDatabase } from './databases.js';
import { progress, since, summarize } from './stats.js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '200' }, events: { type: 'string', default: '10000' }, backends: { type: 'string', default: 'postgres,pglite' } } });
const CALLS = Number(values.calls);
const EVENTS = Number(values.events);

// GNU time reports the child's CPU (user + sys): unlike wall time, it barely moves with the load
// other work puts on a shared machine. Its own line is the last one on stderr.
const TIME_BIN = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const CPU_MARK = 'engram-bench-cpu';

function runOnce(command: string, args: string[], input: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; cpuMs: number; code: number; stderr: string }> {
  const t = performance.now();
  const child = TIME_BIN ? spawn(TIME_BIN, ['-f', `${CPU_MARK} %U %S`, command, ...args], { env }) : spawn(command, args, { env });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  child.stdout.resume();
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => {
    const ms = since(t);
    const m = new RegExp(`${CPU_MARK} ([\\d.]+) ([\\d.]+)\\s*$`).exec(stderr);
    const cpuMs = m ? (Number(m[1]) + Number(m[2])) * 1000 : Number.NaN;
    resolve({ ms, cpuMs, code: code ?? -1, stderr: m ? stderr.slice(0, m.index) : stderr });
  }));
}

function payload(i: number, repo: string): string {
  const base = { session_id: 'bench-session', transcript_path: join(repo, 't.jsonl'), cwd: repo, permission_mode: 'default' };
  switch (i % 3) {
    case 0: return JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: `bench prompt ${i}: why does the cart total drift by a cent?`, prompt_id: `p-${i}` });
    case 1: return JSON.stringify({ ...base, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: `npm test -- cart ${i}` }, tool_response: { stdout: 'PASS cart.spec.ts\n'.repeat(20), exitCode: 0 }, tool_use_id: `toolu_${i}` });
    default: return JSON.stringify({ ...base, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: `Answer ${i}: the rounding happens before the discount; fixed in cart.ts.` });
  }
}

async function hookLatency(db: BenchDatabase, repo: string): Promise<{ cold: ReturnType<typeof summarize>; cpu: ReturnType<typeof summarize>; stored: number; spooled: number }> {
  const home = db.home ?? mkdtempSync(join(tmpdir(), 'engram-bench-hook-'));
  const env = { ...process.env, ENGRAM_HOME: home, ...(db.url ? { DATABASE_URL: db.url } : {}) };
  delete (env as Record<string, string | undefined>)['ENGRAM_DATABASE_URL'];
  if (!db.url) delete (env as Record<string, string | undefined>)['DATABASE_URL'];
  for (let i = 0; i < 10; i++) await runOnce(engramBin, ['hook'], payload(1_000_000 + i, repo), env); // warm-up: page cache, compile cache
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const r = await runOnce(engramBin, ['hook'], payload(i, repo), env);
    if (r.code !== 0 || r.stderr) throw new Error(`hook call ${i} failed (${r.code}): ${r.stderr}`);
    times.push(r.ms);
    if (!Number.isNaN(r.cpuMs)) cpu.push(r.cpuMs);
  }
  const row = await sql<{ n: number }>`SELECT count(*)::int AS n FROM conversation_events`.execute(db.handle.db);
  let spooled = 0;
  try {
    spooled = readdirSync(join(home, 'spool')).length;
  } catch {
    // no spool directory: nothing was spooled
  }
  if (!db.home) rmSync(home, { recursive: true, force: true });
  return { cold: summarize(times), cpu: summarize(cpu), stored: row.rows[0]!.n, spooled };
}

function compose(db: BenchDatabase): MemoryService {
  const h = db.handle;
  return createMemoryService({
    gate: createGate({ db: h.db, registry: createTypeRegistry() }), reader: new RecordReader(h.db),
    search: createSearchService({ db: h.db, embedder: null }), retrieval: createRetrievalPipeline({ db: h.db, embedder: null }),
    access: { touch: (ids) => touchMemories(h.db, ids) }, workDb: h.db,
  });
}

async function ingestThroughput(db: BenchDatabase, batch: number, count: number): Promise<{ events: number; seconds: number; perSecond: number }> {
  const service = compose(db);
  const ctx = { actor: 'bench:ingest', scope: `project:ingest-${batch}` };
  const start = Date.UTC(2026, 0, 1);
  const t = performance.now();
  for (let i = 0; i < count; i += batch) {
    const events = Array.from({ length: Math.min(batch, count - i) }, (_, k) => {
      const n = i + k;
      return { sessionId: `s-${Math.floor(n / 200)}`, ts: new Date(start + n * 15_000).toISOString(), kind: n % 2 ? 'assistant_message' : 'user_message', text: `event ${n}: ${'we discussed the cart rounding and the discount order '.repeat(3)}` };
    });
    const r = await service.conversation.ingest({ events }, ctx);
    if (r.inserted !== events.length) throw new Error(`ingest lost events: ${JSON.stringify(r)}`);
  }
  const seconds = since(t) / 1000;
  return { events: count, seconds: Math.round(seconds * 100) / 100, perSecond: Math.round(count / seconds) };
}

async function nodeBaseline(): Promise<{ wall: ReturnType<typeof summarize>; cpu: ReturnType<typeof summarize> }> {
  const runs = [];
  for (let i = 0; i < 50; i++) runs.push(await runOnce(process.execPath, ['-e', '0'], '', process.env));
  return { wall: summarize(runs.map((r) => r.ms)), cpu: summarize(runs.map((r) => r.cpuMs).filter((x) => !Number.isNaN(x))) };
}

const repo = mkdtempSync(join(tmpdir(), 'engram-bench-repo-'));
mkdirSync(join(repo, '.git'));
const lines: string[] = [];
const load = loadavg().map((x) => x.toFixed(2)).join(' ');
progress(`node baseline (node -e 0, 50 runs)`);
const baseline = await nodeBaseline();
lines.push(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.versions.node}, load average at start ${load}.`, '');
lines.push(`Empty Node process (\`node -e 0\`, 50 runs): wall p50 ${baseline.wall.p50} ms, p95 ${baseline.wall.p95} ms; CPU p50 ${baseline.cpu.p50} ms.`, '');
lines.push(`| backend | hook calls | wall p50 ms | wall p95 ms | wall p99 ms | wall max ms | CPU p50 / p95 ms | stored | spooled | ingest ${EVENTS}, batch 1000 (events/s) | ingest, batch 1 (events/s) |`, '|---|---|---|---|---|---|---|---|---|---|---|');
for (const name of values.backends.split(',')) {
  progress(`${name}: opening`);
  const db = name === 'postgres' ? await createNativeDatabase(4) : await createEmbeddedDatabase();
  try {
    progress(`${name}: ${CALLS} cold hook processes`);
    const hook = await hookLatency(db, repo);
    progress(`${name}: hook p50 ${hook.cold.p50} ms, p95 ${hook.cold.p95} ms; ingesting ${EVENTS} events`);
    const bulk = await ingestThroughput(db, 1000, EVENTS);
    const single = await ingestThroughput(db, 1, Math.min(2000, EVENTS));
    progress(`${name}: ${bulk.perSecond} events/s (batch 1000), ${single.perSecond} events/s (batch 1)`);
    lines.push(`| ${name} | ${hook.cold.n} | ${hook.cold.p50} | ${hook.cold.p95} | ${hook.cold.p99} | ${hook.cold.max} | ${hook.cpu.p50} / ${hook.cpu.p95} | ${hook.stored} | ${hook.spooled} | ${bulk.perSecond} (${bulk.seconds} s) | ${single.perSecond} (${single.events} events) |`);
  } finally {
    await db.destroy();
  }
}
rmSync(repo, { recursive: true, force: true });
process.stdout.write(`${lines.join('\n')}\n`);
