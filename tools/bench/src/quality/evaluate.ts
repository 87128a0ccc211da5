// Runs every ranker over every labelled query and aggregates the metrics, the stale / leaked
// results in the top k, and latency.
import type { EvalSet, LabelledQuery } from './eval-types.js';
import { mean, scoreQuery, type QueryScores } from './metrics.js';
import type { RankedHit, Ranker } from './rankers.js';

/** Aggregated result of one ranker. */
export interface RankerReport {
  name: string;
  description: string;
  queries: number;
  recall5: number;
  recall10: number;
  ndcg10: number;
  mrr: number;
  /** Results in the top k that are superseded / invalidated / expired at query time (must be 0). */
  stale: { superseded: number; invalidated: number; expired: number; other: number };
  /** Results from a scope the query may not see (must be 0). */
  otherScope: number;
  /** Labelled must-never-appear records that appeared anyway, by reason. */
  forbiddenHits: Record<string, number>;
  /** Mean recall@10 per query category. */
  byCategory: Record<string, { queries: number; recall10: number; ndcg10: number }>;
  latencyMs: { mean: number; max: number };
  /** Queries with a relevant record outside the top k (for the JSON file: what to look at). */
  misses: { id: string; text: string; missing: string[] }[];
}

function staleKind(hit: RankedHit, now: Date): keyof RankerReport['stale'] | null {
  if (hit.status === 'superseded' || hit.status === 'invalidated') return hit.status;
  if (hit.validTo !== null && hit.validTo <= now) return 'expired';
  return hit.status === 'active' ? null : 'other';
}

/** Scores one ranker. `keyOf` maps record ids of the corpus back to their keys (background ids map to undefined). */
export async function evaluateRanker(ranker: Ranker, set: EvalSet, keyOf: Map<string, string>, k = 10): Promise<RankerReport> {
  const now = new Date();
  const scores: (QueryScores & { q: LabelledQuery })[] = [];
  const stale: RankerReport['stale'] = { superseded: 0, invalidated: 0, expired: 0, other: 0 };
  const forbiddenHits: Record<string, number> = {};
  const latencies: number[] = [];
  let otherScope = 0;
  const misses: RankerReport['misses'] = [];
  for (const q of set.queries) {
    const t = performance.now();
    const hits = await ranker.rank(q, k);
    latencies.push(performance.now() - t);
    const keys = hits.map((h) => keyOf.get(h.id) ?? `background:${h.id}`);
    scores.push({ ...scoreQuery(keys, q.relevant), q });
    for (const h of hits.slice(0, k)) {
      const kind = staleKind(h, now);
      if (kind) stale[kind]++;
      if (!q.scopes.includes(h.scope)) otherScope++;
    }
    const top = new Set(keys.slice(0, k));
    const missing = Object.keys(q.relevant).filter((key) => !top.has(key));
    if (missing.length > 0) misses.push({ id: q.id, text: q.text, missing });
    for (const f of q.forbidden) if (top.has(f.key)) forbiddenHits[f.why] = (forbiddenHits[f.why] ?? 0) + 1;
  }
  const byCategory: RankerReport['byCategory'] = {};
  for (const c of [...new Set(set.queries.map((q) => q.category))].sort()) {
    const inC = scores.filter((s) => s.q.category === c);
    byCategory[c] = { queries: inC.length, recall10: mean(inC.map((s) => s.recall10)), ndcg10: mean(inC.map((s) => s.ndcg10)) };
  }
  return {
    name: ranker.name, description: ranker.description, queries: set.queries.length,
    recall5: mean(scores.map((s) => s.recall5)), recall10: mean(scores.map((s) => s.recall10)),
    ndcg10: mean(scores.map((s) => s.ndcg10)), mrr: mean(scores.map((s) => s.rr)),
    stale, otherScope, forbiddenHits, byCategory, misses,
    latencyMs: { mean: Math.round(mean(latencies) * 10) / 10, max: Math.round(Math.max(...latencies) * 10) / 10 },
  };
}
