// Work-continuity benchmark (issue 7; seed 004 success criteria 1 and 5): prd_context latency
// cached and uncached, and a full PRD lifecycle (create -> 50 events -> complete -> compact), on
// native Postgres and embedded PGlite, through the same use cases the MCP tools call (production
// gate with its default limits and policy; keyword-only search, no model: nothing here embeds).
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createMemoryService, type CallContext, type MemoryService, type PrdEventInput } from '@engram/agents';
import { createGate } from '@engram/librarian';
import { createTypeRegistry, RecordReader } from '@engram/memory';
import { createRetrievalPipeline, createSearchService, touchMemories } from '@engram/retrieval';
import { createEmbeddedDatabase, createNativeDatabase, type BenchDatabase } from './databases.js';
import { since, summarize } from './stats.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' }, calls: { type: 'string', default: '200' }, backends: { type: 'string', default: 'postgres,pglite' } } });
const RUNS = Number(values.runs);
const CALLS = Number(values.calls);
const log = (m: string) => process.stderr.write(`${m}\n`);

function compose(db: BenchDatabase, prdCacheSize: number): MemoryService {
  const h = db.handle;
  return createMemoryService({
    gate: createGate({ db: h.db, registry: createTypeRegistry() }),
    reader: new RecordReader(h.db),
    search: createSearchService({ db: h.db, embedder: null }),
    retrieval: createRetrievalPipeline({ db: h.db, embedder: null }),
    access: { touch: (ids) => touchMemories(h.db, ids) },
    workDb: h.db,
    prdCacheSize,
  });
}

/** A realistic valid log of exactly 50 events over 6 of the 8 declared requirements (2 stay descoped), with decisions, blockers, failures and handoffs. */
function fiftyEvents(run: number): (PrdEventInput & { decision?: { reason: string; alternatives: string[] } })[] {
  const out: (PrdEventInput & { decision?: { reason: string; alternatives: string[] } })[] = [];
  for (let r = 1; r <= 6; r++) {
    const req = `R${r}`;
    out.push({ type: 'requirement_started', requirementId: req, summary: `run ${run}: start ${req}, read the spec section and the existing module` });
    if (r % 3 === 0) {
      out.push({ type: 'blocker_hit', requirementId: req, summary: `run ${run}: ${req} blocked, the staging database for ${req} has no pgvector extension` });
      out.push({ type: 'blocker_resolved', requirementId: req, summary: `run ${run}: ${req} unblocked after installing pgvector 0.8 on staging` });
    }
    out.push({ type: 'decision_made', requirementId: req, summary: `run ${run}: ${req} keeps state in Postgres, not in a side store`, decision: { reason: `one store to back up for ${req}`, alternatives: ['redis', 'files on disk'] } });
    out.push({ type: 'test_failed', requirementId: req, summary: `run ${run}: ${req} integration test fails on PGlite, timestamp precision differs` });
    out.push({ type: 'revision', requirementId: req, summary: `run ${run}: ${req} compares timestamps at millisecond precision` });
    out.push({ type: 'test_passed', requirementId: req, summary: `run ${run}: ${req} integration tests pass on both engines` });
    if (r % 4 === 0) out.push({ type: 'agent_handoff', requirementId: req, summary: `run ${run}: ${req} review handed to the reviewer agent` });
    out.push({ type: 'review_feedback', requirementId: req, summary: `run ${run}: ${req} reviewer asks for clearer error messages` });
    out.push({ type: 'requirement_completed', requirementId: req, summary: `run ${run}: ${req} done with tests and docs` });
  }
  while (out.length < 50) out.push({ type: 'test_passed', summary: `run ${run}: full suite green (${out.length})` });
  return out.slice(0, 50);
}

async function lifecycle(service: MemoryService, run: number): Promise<{ ms: number; decisions: number; formed: number }> {
  const ctx: CallContext = { actor: `bench:lifecycle-${run}`, scope: `project:bench-${run % 4}` };
  const started = performance.now();
  const { execution } = await service.prd.start({ ref: `docs/prd-${run}.md`, title: `Bench PRD ${run}`, content: `# PRD ${run}`, requirements: ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8'] }, ctx);
  for (const ev of fiftyEvents(run)) {
    if (ev.type === 'decision_made' && ev.decision) {
      await service.prd.recordDecision(execution.id, { decision: ev.summary, reason: ev.decision.reason, alternatives: ev.decision.alternatives, ...(ev.requirementId ? { requirementId: ev.requirementId } : {}) }, ctx);
    } else {
      await service.prd.appendEvent(execution.id, ev, ctx);
    }
  }
  // Six requirements are completed and two never started, so completion is allowed and compacts the log.
  const done = await service.prd.updateStatus(execution.id, 'completed', ctx);
  const ms = since(started);
  if (!done.compaction || done.execution.lastSeq !== 50) throw new Error(`lifecycle ${run} did not complete: ${JSON.stringify(done.execution)}`);
  return { ms, decisions: done.compaction.decisions.total, formed: done.compaction.decisions.formed };
}

async function contextLatency(db: BenchDatabase, ids: string[]): Promise<{ cached: ReturnType<typeof summarize>; uncached: ReturnType<typeof summarize>; hits: number; misses: number }> {
  const ctx: CallContext = { actor: 'bench:reader', admin: true };
  // Cached: one hot execution, the default cache.
  const hot = compose(db, 100);
  const cachedTimes: number[] = [];
  for (let i = 0; i < 20 + CALLS; i++) {
    const t = performance.now();
    await hot.prd.context(ids[0] as string, ctx);
    if (i >= 20) cachedTimes.push(since(t));
  }
  const hotStats = hot.prd.cacheStats();
  // Uncached: a one-entry cache and calls cycling over several executions, so every call misses.
  const cold = compose(db, 1);
  const uncachedTimes: number[] = [];
  for (let i = 0; i < 20 + CALLS; i++) {
    const t = performance.now();
    await cold.prd.context(ids[i % ids.length] as string, ctx);
    if (i >= 20) uncachedTimes.push(since(t));
  }
  const coldStats = cold.prd.cacheStats();
  if (coldStats.hits !== 0) throw new Error(`uncached run had ${coldStats.hits} cache hits`);
  return { cached: summarize(cachedTimes), uncached: summarize(uncachedTimes), hits: hotStats.hits, misses: coldStats.misses };
}

async function runBackend(name: 'postgres' | 'pglite') {
  const db = name === 'postgres' ? await createNativeDatabase(10) : await createEmbeddedDatabase();
  try {
    const service = compose(db, 100);
    log(`${name}: ${RUNS} lifecycles (create -> 50 events -> complete -> compact)`);
    await lifecycle(service, 1000); // warm-up (JIT, plans); not reported
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lifecycle(service, i));
    const list = await service.prd.list({ actor: 'bench', admin: true }, { limit: 100 });
    const ids = list.map((e) => e.id);
    log(`${name}: prd_context x${CALLS} cached and uncached over ${ids.length} executions of 50 events`);
    const latency = await contextLatency(db, ids);
    return { name, lifecycle: summarize(runs.map((r) => r.ms)), decisions: runs.reduce((a, r) => a + r.decisions, 0), formed: runs.reduce((a, r) => a + r.formed, 0), ...latency };
  } finally {
    await db.destroy();
  }
}

const startedAt = new Date().toISOString();
const results = [];
for (const b of values.backends.split(',') as ('postgres' | 'pglite')[]) results.push(await runBackend(b));
const fmt = (s: ReturnType<typeof summarize>) => `${s.p50} | ${s.p95} | ${s.max}`;
const lines = [
  `Run ${startedAt}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.versions.node}, load average at the end ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ${RUNS} lifecycles and ${CALLS} timed calls (after 20 warm-up) per backend.`,
  '',
  '| backend | metric | p50 ms | p95 ms | max ms | target |',
  '|---|---|---|---|---|---|',
  ...results.flatMap((r) => [
    `| ${r.name} | prd_context cached (${r.hits} hits) | ${fmt(r.cached)} | < 100 ms |`,
    `| ${r.name} | prd_context uncached (${r.misses} misses) | ${fmt(r.uncached)} | < 500 ms |`,
    `| ${r.name} | lifecycle: create -> 50 events -> complete -> compact (${r.formed}/${r.decisions} decisions stored as memories) | ${fmt(r.lifecycle)} | < 5000 ms |`,
  ]),
];
process.stdout.write(`${lines.join('\n')}\n`);
