import { sql } from 'kysely';
import { DEFAULT_DECISION_CONFIG, type DecisionConfig, type RelevanceWeights } from '../decision/decision-config.js';
import type { LifecycleDb } from '../state/lifecycle-tables.js';
import { weightDrift } from './learning-rules.js';

/** Seed 003 8.2 learning and decision metrics, for `engram stats` and the metrics endpoint. */
export interface LearningStats {
  weights: { current: RelevanceWeights; defaults: RelevanceWeights; drift: number; updates: number; lastUpdatedAt: Date | null };
  feedback: { success: number; failure: number; memories: number; meanUsefulness: number | null };
  decisions: {
    received: number; stored: number; compressed: number; skipped: number; storageRatio: number | null;
    meanRelevanceStored: number | null; latencyMs: { p50: number | null; p95: number | null; p99: number | null };
  };
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * Current weights and their drift from the configured start, feedback counts, and the decision
 * counts and latencies of the judged events (optionally only those since `since`).
 */
export async function learningStats(db: LifecycleDb, opts: { config?: DecisionConfig; since?: Date } = {}): Promise<LearningStats> {
  const defaults = (opts.config ?? DEFAULT_DECISION_CONFIG).weights;
  const since = opts.since ?? new Date(0);
  const [latest, wcount, fb, useful, dec] = await Promise.all([
    db.selectFrom('lifecycle_weights').select(['recency', 'frequency', 'entity_importance', 'created_at']).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('lifecycle_weights').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('lifecycle_feedback').select(['outcome', sql<string>`count(*)`.as('n')]).where('created_at', '>=', since).groupBy('outcome').execute(),
    db.selectFrom('lifecycle_usefulness').select([sql<string>`count(*)`.as('n'), sql<number | null>`avg(factor)`.as('mean')]).executeTakeFirstOrThrow(),
    db.selectFrom('lifecycle_events').where('created_at', '>=', since).select([
      sql<string>`count(*)`.as('received'),
      sql<string>`count(*) FILTER (WHERE decision <> 'skip')`.as('stored'),
      sql<string>`count(*) FILTER (WHERE decision = 'store_compressed')`.as('compressed'),
      sql<number | null>`avg(relevance) FILTER (WHERE decision <> 'skip')`.as('mean_rel'),
      sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms)`.as('p50'),
      sql<number | null>`percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms)`.as('p95'),
      sql<number | null>`percentile_cont(0.99) WITHIN GROUP (ORDER BY latency_ms)`.as('p99'),
    ]).executeTakeFirstOrThrow(),
  ]);
  const current = latest ? { recency: latest.recency, frequency: latest.frequency, entityImportance: latest.entity_importance } : defaults;
  const count = (o: string) => Number(fb.find((r) => r.outcome === o)?.n ?? 0);
  const received = Number(dec.received);
  const stored = Number(dec.stored);
  return {
    weights: { current, defaults, drift: weightDrift(current, defaults), updates: Number(wcount.n), lastUpdatedAt: latest ? new Date(latest.created_at) : null },
    feedback: { success: count('success'), failure: count('failure'), memories: Number(useful.n), meanUsefulness: num(useful.mean) },
    decisions: {
      received, stored, compressed: Number(dec.compressed), skipped: received - stored, storageRatio: received ? stored / received : null,
      meanRelevanceStored: num(dec.mean_rel), latencyMs: { p50: num(dec.p50), p95: num(dec.p95), p99: num(dec.p99) },
    },
  };
}
