// Decision engine benchmark (issue 6, seed 003 5.3): implicit events end to end through the
// engine AND the Librarian gate (formImplicit: stage 1-2 on Postgres-backed state, gate request
// for what passes, state recorded), on native Postgres and optionally embedded PGlite. A seeded
// realistic agent event stream (tools/test/synthetic-events.ts), live: each event is stamped with
// the time it is submitted. W workers, each one agent session in its own project scope.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createMemoryService, type CallContext, type MemoryService } from '@engram/agents';
import { createGate } from '@engram/librarian';
import { DecisionEngine, learningStats, resolveDecisionConfig } from '@engram/lifecycle';
import { createTypeRegistry, RecordReader } from '@engram/memory';
import { createRetrievalPipeline, createSearchService, touchMemories } from '@engram/retrieval';
import { syntheticEventStream } from '../../test/synthetic-events.js';
import { createEmbeddedDatabase, createNativeDatabase, type BenchDatabase } from './databases.js';
import { runPool, since, summarize } from './stats.js';

const { values } = parseArgs({
  allowNegative: true,
  options: {
    events: { type: 'string', default: '5000' },
    'pglite-events': { type: 'string', default: '1000' },
    workers: { type: 'string', default: '4' },
    thresholds: { type: 'string', default: '0.3,0.75' },
    backends: { type: 'string', default: 'postgres,pglite' },
    'engine-only': { type: 'boolean', default: true },
    'max-links': { type: 'string', default: '5' },
  },
});
const WORKERS = Number(values.workers);
const log = (m: string) => process.stderr.write(`${m}\n`);

function compose(db: BenchDatabase, threshold: number): MemoryService {
  const h = db.handle;
  const registry = createTypeRegistry();
  return createMemoryService({
    // The per-actor write limit (120 burst, 2/s) would turn this into a benchmark of the limiter.
    gate: createGate({ db: h.db, registry, limits: { rate: { capacity: 1e9, refillPerSecond: 1e9 } } }),
    reader: new RecordReader(h.db),
    search: createSearchService({ db: h.db, embedder: null }),
    retrieval: createRetrievalPipeline({ db: h.db, embedder: null }),
    access: { touch: (ids) => touchMemories(h.db, ids) },
    workDb: h.db,
    lifecycle: { config: resolveDecisionConfig({ storageThreshold: threshold, maxLinks: Number(values['max-links']) }), registry },
  });
}

/** The engine alone (stage 1-2 and the state write, no gate): what the engine itself costs per event. */
async function runEngineOnly(backend: 'postgres' | 'pglite', threshold: number, events: number) {
  const db = backend === 'postgres' ? await createNativeDatabase(WORKERS + 2) : await createEmbeddedDatabase();
  try {
    const registry = createTypeRegistry();
    const engine = new DecisionEngine({ db: db.handle.db, config: resolveDecisionConfig({ storageThreshold: threshold }), halfLifeOf: (t) => registry.get(t).halfLifeDays });
    const per = Math.ceil(events / WORKERS);
    const streams = Array.from({ length: WORKERS }, (_, w) => syntheticEventStream({ events: per, seed: 100 + w }));
    const latencies: number[] = [];
    let stored = 0;
    log(`${backend} engine only, threshold ${threshold}: ${per * WORKERS} events, ${WORKERS} workers`);
    const started = performance.now();
    await runPool(0, WORKERS, WORKERS, async (w) => {
      for (const e of streams[w] ?? []) {
        const t = performance.now();
        const d = await engine.evaluate({ source: e.source, kind: e.kind, text: e.text, sessionId: e.sessionId, ts: new Date(), scope: `project:bench-${w}` });
        await engine.record(d, { latencyMs: since(t) });
        latencies.push(since(t));
        if (d.store) stored++;
      }
    });
    const seconds = since(started) / 1000;
    return { backend: `${backend} (engine only, no gate)`, threshold, events: latencies.length, seconds, rate: latencies.length / seconds, stored, failed: 0, ratio: stored / latencies.length, latency: summarize(latencies) };
  } finally {
    await db.destroy();
  }
}

async function run(backend: 'postgres' | 'pglite', threshold: number, events: number) {
  const db = backend === 'postgres' ? await createNativeDatabase(WORKERS + 2) : await createEmbeddedDatabase();
  try {
    const service = compose(db, threshold);
    const per = Math.ceil(events / WORKERS);
    const streams = Array.from({ length: WORKERS }, (_, w) => syntheticEventStream({ events: per, seed: 100 + w }));
    const latencies: number[] = [];
    let stored = 0;
    let failed = 0;
    log(`${backend} threshold ${threshold}: ${per * WORKERS} events, ${WORKERS} workers`);
    const started = performance.now();
    await runPool(0, WORKERS, WORKERS, async (w) => {
      const ctx: CallContext = { actor: `bench:agent-${w}`, scope: `project:bench-${w}` };
      for (const e of streams[w] ?? []) {
        const t = performance.now();
        const r = await service.formImplicit({ source: e.source, kind: e.kind, text: e.text, sessionId: e.sessionId, ts: new Date() }, ctx);
        latencies.push(since(t));
        if (r.stored?.status === 'approved') stored++;
        else if (r.stored) failed++;
      }
    });
    const seconds = since(started) / 1000;
    const stats = await learningStats(db.handle.db);
    return { backend, threshold, events: latencies.length, seconds, rate: latencies.length / seconds, stored, failed, ratio: stats.decisions.storageRatio ?? 0, latency: summarize(latencies) };
  } finally {
    await db.destroy();
  }
}

const startedAt = new Date().toISOString();
const results = [];
for (const b of values.backends.split(',') as ('postgres' | 'pglite')[]) {
  for (const t of values.thresholds.split(',').map(Number)) {
    const n = Number(b === 'postgres' ? values.events : values['pglite-events']);
    results.push(await run(b, t, n));
    if (values['engine-only']) results.push(await runEngineOnly(b, t, n));
  }
}
const lines = [
  `Run ${startedAt}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.versions.node}, load average at the end ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ${WORKERS} concurrent agent sessions, each in its own scope.`,
  '',
  '| backend | threshold | events | events/s | stored (ratio) | gate refused | p50 ms | p95 ms | p99 ms | max ms |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.map((r) => `| ${r.backend} | ${r.threshold} | ${r.events} | ${r.rate.toFixed(0)} | ${r.stored} (${(r.ratio * 100).toFixed(1)}%) | ${r.failed} | ${r.latency.p50} | ${r.latency.p95} | ${r.latency.p99} | ${r.latency.max} |`),
];
process.stdout.write(`${lines.join('\n')}\n`);
