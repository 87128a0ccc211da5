import type { Kysely } from 'kysely';
import pgvector from 'pgvector';
import type { MemoryDatabase } from '@engram/memory';
import type { PassageEmbedder } from '../ports.js';
import { embeddingTexts } from './embedding-texts.js';
import { countPendingEmbeddings, oldestPendingEmbeddingAge, selectPendingEmbeddings, writeEmbeddings } from '../queries/pending-embeddings.query.js';

/** Dependencies of {@link createEmbeddingIndexer}. */
export interface EmbeddingIndexerDeps {
  db: Kysely<MemoryDatabase> | Kysely<any>;
  embedder: PassageEmbedder;
  /** Passages per embedder call and per database round trip (default 32). */
  batchSize?: number;
}

/** Outcome of one indexing run. */
export interface IndexRunResult {
  /** Vectors written in this run. */
  embedded: number;
  /** Searchable records still without a vector of the current model. */
  remaining: number;
}

/** Fills and refreshes record vectors; safe to run concurrently with writes. */
export interface EmbeddingIndexer {
  /**
   * Embeds up to `limit` pending records (default: all), batch by batch: records without a vector
   * first, then records embedded by another model. A record edited meanwhile is skipped by the
   * database and picked up by the next run.
   */
  runOnce(limit?: number): Promise<IndexRunResult>;
  /** Searchable (active/archived) records lacking a vector from the embedder's model. */
  countPendingEmbeddings(): Promise<number>;
  /** Seconds the oldest record without any vector has waited; null when none waits. */
  oldestPendingAgeSeconds(): Promise<number | null>;
}

/** Creates the indexer for `embedder`'s model (its name and version tag every vector written). */
export function createEmbeddingIndexer(deps: EmbeddingIndexerDeps): EmbeddingIndexer {
  const db = deps.db as Kysely<MemoryDatabase>;
  const { embedder } = deps;
  const batchSize = Math.max(1, deps.batchSize ?? 32);
  const model = { name: embedder.modelName, version: embedder.modelVersion };

  async function embedBatch(size: number): Promise<{ selected: number; written: number }> {
    const batch = await selectPendingEmbeddings(db, model, size);
    if (batch.length === 0) return { selected: 0, written: 0 };
    const vectors = await embedder.embedPassages(await embeddingTexts(db, batch));
    if (vectors.length !== batch.length) {
      throw new Error(`embedder returned ${vectors.length} vectors for ${batch.length} passages`);
    }
    const writes = batch.map((r, i) => ({
      id: r.id,
      contentHash: r.content_hash,
      vectorSql: pgvector.toSql(Array.from(vectors[i] as Float32Array)) as string,
    }));
    return { selected: batch.length, written: await writeEmbeddings(db, model, writes) };
  }

  async function runOnce(limit = Number.POSITIVE_INFINITY): Promise<IndexRunResult> {
    let embedded = 0;
    let processed = 0;
    while (processed < limit) {
      const size = Math.min(batchSize, limit - processed);
      const { selected, written } = await embedBatch(size);
      processed += selected;
      embedded += written;
      // A short batch means the backlog is drained; a batch with no write means every row raced
      // with an edit, and re-reading at once would spin on the same rows.
      if (selected < size || written === 0) break;
    }
    return { embedded, remaining: await countPendingEmbeddings(db, model) };
  }

  return { runOnce, countPendingEmbeddings: () => countPendingEmbeddings(db, model), oldestPendingAgeSeconds: () => oldestPendingEmbeddingAge(db) };
}
