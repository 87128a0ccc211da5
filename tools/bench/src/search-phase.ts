// Phase 3: memory.search latency as an agent sees it: query embedding (embedQuery, real model)
// + the candidate queries + fusion, scopes = global + the agent's project, topK 10.
import type { EmbeddingProvider, DatabaseHandle } from '@engram/infra';
import { createEmbeddingIndexer, createSearchService, type PassageEmbedder, type SearchMode } from '@engram/retrieval';
import { queries } from './corpus.js';
import { progress, since, summarize } from './stats.js';

/** Latency summary of one mode. */
export interface SearchModeResult {
  mode: SearchMode;
  latencyMs: ReturnType<typeof summarize>;
  /** Mean results per query (sanity: the searches find something). */
  meanResults: number;
  /** Queries answered in another mode than asked (degraded); must be 0. */
  degraded: number;
}

/** Runs `count` queries per mode after `warmup` untimed ones. */
export async function measureSearch(handle: DatabaseHandle, embedder: EmbeddingProvider, seed: number, count: number, warmup = 20): Promise<SearchModeResult[]> {
  const search = createSearchService({ db: handle.db, embedder });
  const qs = queries(seed, warmup + count);
  const out: SearchModeResult[] = [];
  for (const mode of ['hybrid', 'keyword', 'vector'] as const) {
    for (const q of qs.slice(0, warmup)) await search.search({ ...q, mode, topK: 10 });
    const latencies: number[] = [];
    let results = 0;
    let degraded = 0;
    for (const q of qs.slice(warmup)) {
      const t = performance.now();
      const r = await search.search({ ...q, mode, topK: 10 });
      latencies.push(since(t));
      results += r.results.length;
      if (r.mode !== mode) degraded += 1;
    }
    const res = { mode, latencyMs: summarize(latencies), meanResults: Math.round((results / count) * 10) / 10, degraded };
    progress(`  search ${mode}: p50 ${res.latencyMs.p50} ms, p95 ${res.latencyMs.p95} ms (${res.meanResults} results/query)`);
    out.push(res);
  }
  return out;
}

/** Query embedding alone (embedQuery), to separate model time from database time. */
export async function measureQueryEmbedding(embedder: EmbeddingProvider, seed: number, count: number): Promise<ReturnType<typeof summarize>> {
  const qs = queries(seed + 7, count + 10);
  for (const q of qs.slice(0, 10)) await embedder.embedQuery(q.text);
  const latencies: number[] = [];
  for (const q of qs.slice(10)) {
    const t = performance.now();
    await embedder.embedQuery(q.text);
    latencies.push(since(t));
  }
  return summarize(latencies);
}

/** Fills the missing vectors with the real indexer (HNSW maintained row by row, as in production). */
export async function fillVectors(handle: DatabaseHandle, embedder: PassageEmbedder): Promise<{ embedded: number; seconds: number; perSecond: number }> {
  const indexer = createEmbeddingIndexer({ db: handle.db, embedder, batchSize: 32 });
  const t = performance.now();
  const { embedded, remaining } = await indexer.runOnce();
  const seconds = since(t) / 1000;
  if (remaining !== 0) throw new Error(`indexer left ${remaining} records without a vector`);
  return { embedded, seconds: Math.round(seconds * 10) / 10, perSecond: Math.round(embedded / seconds) };
}
