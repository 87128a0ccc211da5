/*
 * A seeded generator of a realistic agent event stream (seed 003 scripts/generate_test_data.py):
 * coding sessions of hook events (prompts, reads, edits, test runs, notifications), PRD events,
 * and telemetry noise, over a working set of files, packages, issues and people whose popularity
 * is Zipf-like (a few files are touched all the time, most rarely). Deterministic per seed, so
 * tests and the benchmark measure the same stream.
 */
export interface SyntheticEvent {
  source: 'hook' | 'prd' | 'telemetry';
  kind: string;
  text: string;
  ts: Date;
  sessionId: string;
}

export interface StreamOptions {
  seed?: number;
  events: number;
  /** Days the stream spans (sessions spread over them). */
  days?: number;
  start?: Date;
}

/** mulberry32: tiny, fast, seedable. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DIRS = ['libs/memory/src', 'libs/librarian/src', 'libs/retrieval/src/pipeline', 'apps/mcp-server/src/tools', 'libs/infra/src/db', 'tools/bench'];
const STEMS = ['record-reader', 'gate.service', 'rank-candidates', 'store.tool', 'open-database', 'retrieve', 'decay', 'policy', 'similarity', 'rrf', 'token-budget', 'migrate'];
const PACKAGES = ['zod', 'kysely', 'pg', '@modelcontextprotocol/sdk', '@nestjs/core', 'pg-boss', 'onnxruntime-node', 'commander'];
const PEOPLE = ['alice', 'bob', 'carol', 'dave'];
const IDENTS = ['RecordReader', 'GateService', 'rankCandidates', 'effectiveConfidence', 'openDatabase', 'parseScope', 'loadPolicy', 'touchMemories'];
const CHANGES = ['renamed a variable', 'added a null check', 'extracted a helper', 'fixed an off-by-one', 'tightened the schema', 'added a test', 'updated the docs comment'];
const ERRORS = ['TypeError: cannot read properties of undefined', 'timeout after 5000 ms', 'relation does not exist', 'unexpected token', 'connection refused'];

function zipf(rnd: () => number, n: number, s = 1.1): number {
  // Inverse-CDF sampling over ranks 1..n with weight 1/k^s.
  const weights = Array.from({ length: n }, (_, k) => 1 / (k + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  let x = rnd() * total;
  for (let k = 0; k < n; k++) {
    x -= weights[k] ?? 0;
    if (x <= 0) return k;
  }
  return n - 1;
}

type Maker = (r: () => number, sid: string) => Omit<SyntheticEvent, 'ts' | 'sessionId'>;

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)] as T;
}

const FILES = DIRS.flatMap((d) => STEMS.map((s) => `${d}/${s}.ts`));
// Shuffle deterministically so popular files are spread over directories.
const file = (r: () => number) => FILES[(zipf(r, FILES.length) * 7) % FILES.length] as string;

// [weight, maker]: the mix of a coding session, noise included.
const MIX: Array<[number, Maker]> = [
  [10, (r) => ({ source: 'hook', kind: 'UserPromptSubmit', text: pick(r, [
    `Fix the failing test in ${file(r)}`, `Why does ${pick(r, IDENTS)} throw on empty input?`, `Refactor ${file(r)} to use ${pick(r, PACKAGES)}`,
    `Can you explain what ${pick(r, IDENTS)} does?`, 'continue', 'looks good, thanks', `ask @${pick(r, PEOPLE)} about #${1 + zipf(r, 30)}`]) })],
  [24, (r) => ({ source: 'hook', kind: 'PreToolUse', text: `Read ${file(r)}` })],
  [14, (r) => ({ source: 'hook', kind: 'PostToolUse', text: `Edited ${file(r)}: ${pick(r, CHANGES)}` })],
  [10, (r) => ({ source: 'hook', kind: 'PostToolUse', text: `Ran npm test -- ${file(r)}: ${Math.floor(r() * 40)} passed, ${Math.floor(r() * 3)} failed` })],
  [6, (r) => ({ source: 'hook', kind: 'PostToolUse', text: pick(r, ['Ran ls', 'Ran pwd', 'Ran git status', 'Ran git diff --stat', 'Listed the directory']) })],
  [4, () => ({ source: 'hook', kind: 'Notification', text: 'Claude is waiting for your input' })],
  [3, (_r, sid) => ({ source: 'hook', kind: 'Stop', text: `Session ${sid} stopped` })],
  [16, (r) => ({ source: 'telemetry', kind: 'heartbeat', text: `heartbeat ok: cpu ${Math.floor(r() * 100)}% rss ${200 + Math.floor(r() * 300)} MB` })],
  [4, (r) => ({ source: 'telemetry', kind: 'tool_latency', text: `tool latency p95 ${Math.floor(r() * 900)} ms over ${Math.floor(r() * 50)} calls` })],
  [3, (r) => ({ source: 'prd', kind: pick(r, ['blocker_hit', 'error_encountered']), text: `Blocked on #${1 + zipf(r, 30)}: ${pick(r, PACKAGES)} ${pick(r, ERRORS)}` })],
  [3, (r) => ({ source: 'prd', kind: pick(r, ['test_failed', 'test_passed', 'requirement_completed']), text: `R${1 + zipf(r, 12)} ${pick(r, ['tests failed', 'tests passed', 'completed'])} in ${file(r)}` })],
  [3, (r) => ({ source: 'hook', kind: 'UserPromptSubmit', text: `I prefer ${pick(r, ['small commits', 'named exports', 'early returns', 'kysely over raw SQL'])}, always` })],
];
const MIX_TOTAL = MIX.reduce((a, [w]) => a + w, 0);

function makeEvent(r: () => number, sid: string): Omit<SyntheticEvent, 'ts' | 'sessionId'> {
  let x = r() * MIX_TOTAL;
  for (const [w, make] of MIX) {
    x -= w;
    if (x <= 0) return make(r, sid);
  }
  return (MIX[0] as [number, Maker])[1](r, sid);
}

/**
 * `events` events in time order: sessions of 20-60 events a few seconds apart, 1-3 sessions a day
 * over `days` days (default 30) from `start`.
 */
export function syntheticEventStream(opts: StreamOptions): SyntheticEvent[] {
  const r = seeded(opts.seed ?? 42);
  const days = opts.days ?? 30;
  const start = (opts.start ?? new Date('2026-10-01T08:00:00Z')).getTime();
  const sessions: number[] = [];
  let remaining = opts.events;
  while (remaining > 0) {
    const n = Math.min(remaining, 20 + Math.floor(r() * 41));
    sessions.push(n);
    remaining -= n;
  }
  const out: SyntheticEvent[] = [];
  const spacing = (days * 86_400_000) / sessions.length;
  sessions.forEach((n, i) => {
    const sid = `s${i + 1}`;
    let t = start + i * spacing + r() * spacing * 0.3;
    for (let k = 0; k < n; k++) {
      t += 2_000 + r() * 40_000;
      out.push({ ...makeEvent(r, sid), ts: new Date(t), sessionId: sid });
    }
  });
  return out;
}
