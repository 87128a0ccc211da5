// The retrieval variants the quality benchmark compares. A ranker turns a labelled query into a
// ranked list of records; new variants (e.g. the memory.retrieve pipeline with ranking signals)
// plug in by implementing `Ranker` and being added to the list in quality-main.ts.
import type { Kysely } from 'kysely';
import { RecordReader } from '@engram/memory';
import { expandByGraph, fuseRrf, type GraphExpansionQuery, type SearchMode, type SearchService } from '@engram/retrieval';
import type { LabelledQuery } from './eval-types.js';

/** One returned record with what the stale/leak counters need. */
export interface RankedHit {
  id: string;
  status: string;
  validTo: Date | null;
  scope: string;
}

/** A named retrieval variant. */
export interface Ranker {
  name: string;
  /** One line for the report: what the variant does. */
  description: string;
  rank(query: LabelledQuery, k: number): Promise<RankedHit[]>;
}

/** The existing search service in one mode (libs/retrieval search). */
export function searchRanker(search: SearchService, mode: SearchMode): Ranker {
  return {
    name: mode,
    description: `search service, mode ${mode}${mode === 'hybrid' ? ' (weighted RRF 0.6/0.4, k = 60)' : ''}`,
    async rank(q, k) {
      const res = await search.search({ text: q.text, scopes: q.scopes, mode, topK: k });
      if (res.mode !== mode) throw new Error(`search degraded from ${mode} to ${res.mode}: ${res.degraded}`);
      return res.results.map((r) => ({ id: r.record.id, status: r.record.status, validTo: r.record.validTo, scope: r.record.scope }));
    },
  };
}

/** Settings of the graph-expanded variant. */
export interface GraphRankerOptions {
  name: string;
  /**
   * `rrf`: fuse the PPR list (seeds included) with the hybrid list by weighted RRF (reorders).
   * `fill`: keep the first k − `fillSlots` hybrid hits in order and fill the last slots with the
   * best-ranked graph records the hybrid list lacks (adds, never reorders the head).
   */
  fusion: 'rrf' | 'fill';
  fillSlots?: number;
  /** How many top hybrid hits seed the expansion. */
  seeds: number;
  /** RRF weight of the graph list against the hybrid list (weight 1). */
  graphWeight: number;
  expansion?: Partial<Pick<GraphExpansionQuery, 'maxHops' | 'maxNodes' | 'kindWeights'>>;
}

/**
 * Hybrid search, then personalised PageRank from its top hits over memory_edges: the graph's
 * ranking (seeds included, so they keep the lead their restart mass gives them) is fused with
 * the hybrid list by weighted RRF. Expansion can add records the text search missed, e.g. the
 * evidence a decision was derived from, and lifts hybrid hits that the seeds point at.
 */
export function graphExpandedRanker(db: Kysely<any>, search: SearchService, o: GraphRankerOptions): Ranker {
  const reader = new RecordReader(db);
  const fill = o.fillSlots ?? 3;
  return {
    name: o.name,
    description: o.fusion === 'rrf'
      ? `hybrid, then PPR (damping 0.85) from its top ${o.seeds} hits; the PPR list (seeds included) fused by RRF with weight ${o.graphWeight}`
      : `hybrid, then PPR (damping 0.85) from its top ${o.seeds} hits; the last ${fill} of the top k are the best graph records hybrid missed`,
    async rank(q, k) {
      const res = await search.search({ text: q.text, scopes: q.scopes, mode: 'hybrid', topK: k });
      const top = res.results.slice(0, o.seeds);
      const expansion = await expandByGraph({ db }, {
        seedIds: top.map((r) => r.record.id), seedWeights: Object.fromEntries(top.map((r) => [r.record.id, r.score])),
        scopes: q.scopes, limit: k, includeSeeds: o.fusion === 'rrf', ...o.expansion,
      });
      const hybridIds = res.results.map((r) => r.record.id);
      const ids = o.fusion === 'rrf'
        ? fuseRrf({ hybrid: { weight: 1, ids: hybridIds }, graph: { weight: o.graphWeight, ids: expansion.results.map((r) => r.id) } }).map((e) => e.id)
        : fillFromGraph(hybridIds, expansion.results.map((r) => r.id), k, fill);
      const known = new Map(res.results.map((r) => [r.record.id, r.record]));
      const hits: RankedHit[] = [];
      for (const id of ids.slice(0, k)) {
        const record = known.get(id) ?? (await reader.get(id));
        hits.push({ id: record.id, status: record.status, validTo: record.validTo, scope: record.scope });
      }
      return hits;
    },
  };
}

/** The first k − slots hybrid ids, then graph ids the hybrid head lacks, then the rest of the hybrid list. */
export function fillFromGraph(hybrid: readonly string[], graph: readonly string[], k: number, slots: number): string[] {
  const head = hybrid.slice(0, Math.max(0, k - slots));
  const extra = graph.filter((id) => !head.includes(id)).slice(0, slots);
  const out = [...head, ...extra];
  for (const id of hybrid) if (!out.includes(id)) out.push(id);
  return out.slice(0, k);
}
