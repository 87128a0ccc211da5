// The validated retrieval pipeline (memory.retrieve, ADR-0011) as rankers of the quality
// benchmark: vector / keyword / hybrid with the default ranking signals, and ablations that switch
// one signal or setting at a time so the report shows what each contributes.
import type { Kysely } from 'kysely';
import { RecordReader } from '@engram/memory';
import type { RetrievalPipeline, RetrieveQuery } from '@engram/retrieval';
import type { RankedHit, Ranker } from './rankers.js';

/** A generous budget: the evaluation measures ranking, not the token budget cutting results. */
export const EVAL_MAX_TOKENS = 200_000;

/** What a pipeline ranker sets on top of the query's text and scopes. */
export type PipelineSettings = Omit<RetrieveQuery, 'text' | 'scopes' | 'topK' | 'maxTokens'>;

/** One pipeline variant: its name, its report line and its settings. */
export interface PipelineVariant {
  name: string;
  description: string;
  settings: PipelineSettings;
}

/** The variants the report compares (seed 004 defaults: semantic 0.7, recency 0.2, access 0.1). */
export const PIPELINE_VARIANTS: readonly PipelineVariant[] = [
  { name: 'retrieve:vector', description: 'memory.retrieve, vector mode, default signals', settings: { mode: 'vector' } },
  { name: 'retrieve:keyword', description: 'memory.retrieve, keyword mode, default signals', settings: { mode: 'keyword' } },
  { name: 'retrieve:hybrid', description: 'memory.retrieve, hybrid (default fusion: min-max normalised scores 0.6/0.4), signals 0.7/0.2/0.1', settings: { mode: 'hybrid' } },
  { name: 'retrieve:semantic-only', description: 'hybrid, ranking by the fused relevance alone', settings: { mode: 'hybrid', ranking: { semantic: 1, recency: 0, access: 0, confidence: 0 } } },
  { name: 'retrieve:no-recency', description: 'hybrid, recency weight 0 (semantic 0.7, access 0.1)', settings: { mode: 'hybrid', ranking: { recency: 0 } } },
  { name: 'retrieve:no-access', description: 'hybrid, access weight 0 (semantic 0.7, recency 0.2)', settings: { mode: 'hybrid', ranking: { access: 0 } } },
  { name: 'retrieve:+confidence', description: 'hybrid, decayed confidence weight 0.1 added to the defaults', settings: { mode: 'hybrid', ranking: { confidence: 0.1 } } },
  { name: 'retrieve:rrf', description: 'hybrid with weighted RRF fusion (0.6/0.4, k = 60; the default before this evaluation)', settings: { mode: 'hybrid', fusion: 'rrf' } },
  { name: 'retrieve:multi-hop', description: 'hybrid, every query routed multi-hop (PPR graph expansion)', settings: { mode: 'hybrid', route: 'multi_hop' } },
  // The decayed-confidence filter (seed 004: drop below 0.3) removes records nobody has read for
  // months; these rows switch it off to show the ranking on the full candidate set.
  ...(['vector', 'keyword', 'hybrid'] as const).map((mode) => ({
    name: `retrieve:${mode}/no-decay-filter`, description: `memory.retrieve, ${mode} mode, default signals, minConfidence 0`, settings: { mode, minConfidence: 0 },
  })),
];

/** Reads status / validity / scope of returned ids from the stored heads, so the harness checks the pipeline independently. */
async function hitsOf(reader: RecordReader, ids: string[]): Promise<RankedHit[]> {
  const records = await reader.getMany(ids);
  if (records.length !== ids.length) throw new Error(`retrieve returned ids that are not stored records: ${ids.join(', ')}`);
  return records.map((r) => ({ id: r.id, status: r.status, validTo: r.validTo, scope: r.scope }));
}

/** A ranker over `pipeline.retrieve` with one variant's settings. */
export function pipelineRanker(db: Kysely<any>, pipeline: RetrievalPipeline, v: PipelineVariant): Ranker {
  const reader = new RecordReader(db);
  return {
    name: v.name,
    description: v.description,
    async rank(q, k) {
      const res = await pipeline.retrieve({ ...v.settings, text: q.text, scopes: q.scopes, topK: k, maxTokens: EVAL_MAX_TOKENS });
      const mode = v.settings.mode ?? 'hybrid';
      if (res.mode !== mode) throw new Error(`retrieve degraded from ${mode} to ${res.mode}: ${res.degraded}`);
      if (res.budget.excludedCount > 0 || res.budget.truncatedCount > 0) throw new Error(`the token budget cut results of "${q.text}"`);
      return hitsOf(reader, res.results.map((r) => r.id));
    },
  };
}
