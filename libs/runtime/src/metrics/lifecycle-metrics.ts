import type { LifecycleStats, SweepReport } from '@engram/agents';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Prometheus text exposition of the engram numbers (ADR-0015: prom-client). */
export interface MetricsExporter {
  /** The exposition format's content type (text/plain; version=0.0.4). */
  readonly contentType: string;
  /** Collects a fresh snapshot (one read-only pass over the database) and renders it. */
  render(): Promise<string>;
  /** Records a sweep this process ran (duration histogram and outcome). */
  observeSweep(report: Pick<SweepReport, 'sweep' | 'status' | 'durationMs' | 'dryRun'>): void;
}

type Labels<T extends string> = Partial<Record<T, string | number>>;

/**
 * Gauges are set from the `engram stats` snapshot at scrape time, so /metrics and the CLI always
 * agree; bucket gauges hold per-bucket counts (le = upper bound), not cumulative histograms, because
 * they describe the stored population, not observed events. Sweep durations observed in this process
 * are a real histogram. Process metrics (CPU, memory, event loop lag) come from prom-client.
 */
export function createMetricsExporter(
  stats: () => Promise<LifecycleStats>,
  gateRejections: () => Record<string, number> = () => ({}),
  backlog?: () => Promise<{ pending: number | null; oldestAgeSeconds: number | null }>,
): MetricsExporter {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'engram_' });
  const g = defineGauges(registry);
  // Layer 1 refusals write no row (issue 17): this process's gates count them instead.
  const rejected = new Gauge<'code'>({
    name: 'engram_gate_layer1_rejections', help: 'Requests the gates of this process refused in Layer 1 (rate limit, schema, size, secrets) since start, by code.',
    labelNames: ['code'], registers: [registry],
  });
  // The vector backlog (issue 18): records without a vector and how long the oldest has waited.
  const embPending = new Gauge({ name: 'engram_embeddings_pending', help: 'Searchable records waiting for a vector of the current model.', registers: [registry] });
  const embOldest = new Gauge({ name: 'engram_embeddings_oldest_pending_age_seconds', help: 'Seconds the oldest record without a vector has waited (0 when none).', registers: [registry] });
  const sweepDuration = new Histogram<'sweep' | 'status'>({
    name: 'engram_sweep_duration_seconds', help: 'Duration of sweeps run by this process.', labelNames: ['sweep', 'status'],
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600], registers: [registry],
  });

  const set = <T extends string>(gauge: Gauge<T>, labels: Labels<T>, value: number | null | undefined) => {
    if (value !== null && value !== undefined && Number.isFinite(value)) gauge.set(labels as never, value);
  };

  async function render(): Promise<string> {
    const s = await stats();
    const m = s.memories;
    for (const gauge of [g.memories, g.age, g.conf, g.runs, g.lastStart, g.lastDuration, g.lastCounts, g.lastError, g.learning, g.ratio]) gauge.reset();
    for (const [status, n] of Object.entries(m.byStatus)) set(g.memories, { status }, n);
    set(g.active, {}, m.active);
    for (const b of m.ageBuckets) set(g.age, { le: String(b.le) }, b.count);
    set(g.avgAge, {}, m.averageAgeDays);
    for (const b of m.effectiveConfidence) set(g.conf, { le: String(b.le) }, b.count);
    set(g.avgConf, {}, m.averageEffectiveConfidence);
    set(g.below, {}, m.belowArchiveThreshold);
    set(g.compressed, {}, m.consolidation.compressedMemories);
    set(g.sources, {}, m.consolidation.sources);
    set(g.ratio, { unit: 'records' }, m.consolidation.recordRatio);
    set(g.ratio, { unit: 'bytes' }, m.consolidation.byteRatio);
    for (const t of s.sweeps.totals) set(g.runs, { sweep: t.sweep, status: t.status }, t.runs);
    for (const r of s.sweeps.latest) {
      set(g.lastStart, { sweep: r.sweep, status: r.status }, r.startedAt.getTime() / 1000);
      if (r.finishedAt) set(g.lastDuration, { sweep: r.sweep }, (r.finishedAt.getTime() - r.startedAt.getTime()) / 1000);
      for (const [count, n] of Object.entries(r.counts)) set(g.lastCounts, { sweep: r.sweep, count }, n);
    }
    for (const e of s.sweeps.lastErrors) set(g.lastError, { sweep: e.sweep }, e.at.getTime() / 1000);
    for (const [name, v] of flatten(s.learning ?? {})) set(g.learning, { name }, v);
    rejected.reset();
    for (const [code, n] of Object.entries(gateRejections())) set(rejected, { code }, n);
    const b = backlog ? await backlog().catch(() => null) : null;
    if (b?.pending !== null && b?.pending !== undefined) embPending.set(b.pending);
    if (b) embOldest.set(b.oldestAgeSeconds ?? 0);
    return registry.metrics();
  }

  return {
    contentType: registry.contentType,
    render,
    observeSweep(r) {
      if (!r.dryRun) sweepDuration.observe({ sweep: r.sweep, status: r.status }, r.durationMs / 1000);
    },
  };
}

/** Numeric leaves of the engine's learning stats as `a_b_c` names. */
function flatten(o: object, prefix = ''): Array<[string, number]> {
  return Object.entries(o).flatMap(([k, v]: [string, unknown]): Array<[string, number]> => {
    const name = `${prefix}${k}`.replace(/[^a-zA-Z0-9_]/g, '_');
    if (typeof v === 'number') return [[name, v]];
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) return flatten(v, `${name}_`);
    return [];
  });
}

/** The gauges of the snapshot, registered on `registry`. */
function defineGauges(registry: Registry) {
  const gauge = <T extends string>(name: string, help: string, labelNames: readonly T[] = []) =>
    new Gauge<T>({ name, help, labelNames: [...labelNames], registers: [registry] });

  const memories = gauge('engram_memories', 'Memory records by status.', ['status']);
  const active = gauge('engram_memories_active', 'Active memories (the set retrieval serves).');
  const age = gauge('engram_memories_by_age_days', 'Active memories per age bucket (days since creation; le = bucket upper bound).', ['le']);
  const avgAge = gauge('engram_memory_average_age_days', 'Average age of active memories in days.');
  const conf = gauge('engram_memories_by_effective_confidence', 'Active memories per effective-confidence bucket (le = upper bound).', ['le']);
  const avgConf = gauge('engram_memory_average_effective_confidence', 'Average effective confidence of active memories.');
  const below = gauge('engram_memories_below_archive_threshold', 'Active memories an archive sweep would archive now.');
  const compressed = gauge('engram_consolidation_compressed_memories', 'Memories written by consolidation.');
  const sources = gauge('engram_consolidation_sources', 'Original memories compressed by consolidation (kept, archived).');
  const ratio = gauge('engram_consolidation_ratio', 'Compression ratio of consolidation (1 - compressed/original).', ['unit']);
  const runs = gauge('engram_sweep_runs', 'Sweep runs recorded in sweep_runs, by sweep and status.', ['sweep', 'status']);
  const lastStart = gauge('engram_sweep_last_run_start_timestamp_seconds', 'Start of the latest run of each sweep.', ['sweep', 'status']);
  const lastDuration = gauge('engram_sweep_last_run_duration_seconds', 'Duration of the latest finished run of each sweep.', ['sweep']);
  const lastCounts = gauge('engram_sweep_last_run_count', 'Counts of the latest run of each sweep (scanned, archived, compressed, ...).', ['sweep', 'count']);
  const lastError = gauge('engram_sweep_last_error_timestamp_seconds', 'When each sweep last failed (absent: never).', ['sweep']);
  const learning = gauge('engram_learning', 'Numeric learning numbers of the decision engine (storage ratio, weights, counts).', ['name']);
  return { memories, active, age, avgAge, conf, avgConf, below, compressed, sources, ratio, runs, lastStart, lastDuration, lastCounts, lastError, learning };
}
