import { sql, type Kysely } from 'kysely';
import type { MemoryDatabase } from '@engram/memory';
import type { EmbeddingModelId } from './vector-search.query.js';

/**
 * A record whose vector is missing or stale: its text and that text's hash, and its metadata and
 * time, which place a turn in its session (a short turn is embedded with the turns before it).
 */
export interface PendingEmbedding {
  id: string;
  content: string;
  content_hash: string;
  metadata: unknown;
  created_at: Date;
}

// Superseded, invalidated and forgotten records are never searched, so they are never embedded.
const SEARCHABLE = ['active', 'archived'];

/**
 * Up to `limit` records to (re-)embed: first those without a vector (oldest change first, served by
 * the partial index `memories_unembedded_idx`), then those embedded by another model.
 */
export async function selectPendingEmbeddings(
  db: Kysely<MemoryDatabase>,
  model: EmbeddingModelId,
  limit: number,
): Promise<PendingEmbedding[]> {
  const missing = await db
    .selectFrom('memories')
    .select(['id', 'content', 'content_hash', 'metadata', 'created_at'])
    .where('embedding', 'is', null)
    .where('status', '<>', 'forgotten')
    .where(sql<boolean>`status = ANY(${SEARCHABLE}::text[])`)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  if (missing.length >= limit) return missing;
  const stale = await db
    .selectFrom('memories')
    .select(['id', 'content', 'content_hash', 'metadata', 'created_at'])
    .where('embedding', 'is not', null)
    .where(sql<boolean>`status = ANY(${SEARCHABLE}::text[])`)
    .where((eb) =>
      eb.or([eb('embedding_model', 'is distinct from', model.name), eb('embedding_model_version', 'is distinct from', model.version)]),
    )
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit - missing.length)
    .execute();
  return [...missing, ...stale];
}

/** How many searchable records lack a vector from `model`. */
export async function countPendingEmbeddings(db: Kysely<MemoryDatabase>, model: EmbeddingModelId): Promise<number> {
  const row = await db
    .selectFrom('memories')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(sql<boolean>`status = ANY(${SEARCHABLE}::text[])`)
    .where((eb) =>
      eb.or([
        eb('embedding', 'is', null),
        eb('embedding_model', 'is distinct from', model.name),
        eb('embedding_model_version', 'is distinct from', model.version),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Seconds the longest-waiting record has waited for its first vector of its current text (null when
 * none waits): the freshness of vector search, for /health and metrics.
 *
 * "Waiting since" is when the store recorded the version that changed the text (memory_versions'
 * transaction time), never the record's own `updated_at`: an import carries the source's dates, and
 * a backlog of old records is minutes old, not years. A commit drops the vector only when the text
 * changes, so the wait began at the first version after the last one with other text; later
 * versions that keep the text (a status or tag change) do not reset the clock. Rows come from the
 * partial index `memories_unembedded_idx` (its predicate is repeated for the planner), versions
 * through the (id, version) primary key.
 */
export async function oldestPendingEmbeddingAge(db: Kysely<MemoryDatabase>): Promise<number | null> {
  const { rows } = await sql<{ age: number | null }>`
    SELECT extract(epoch FROM now() - min(waiting.since))::float8 AS age
      FROM memories m
      CROSS JOIN LATERAL (
        SELECT min(v.recorded_at) AS since FROM memory_versions v
         WHERE v.id = m.id AND v.version > coalesce(
           (SELECT max(o.version) FROM memory_versions o WHERE o.id = m.id AND o.content_hash <> m.content_hash), 0)
      ) waiting
     WHERE m.embedding IS NULL AND m.status <> 'forgotten' AND m.status = ANY(${SEARCHABLE}::text[])`.execute(db);
  const age = rows[0]?.age;
  return age === null || age === undefined ? null : Math.max(0, Number(age));
}

/** One vector to store for the exact text it was computed from. */
export interface EmbeddingWrite {
  id: string;
  contentHash: string;
  vectorSql: string;
}

/**
 * Stores a batch in one round trip through `engram_set_embedding`, which skips rows whose content
 * changed (or that were forgotten) since they were read. Returns how many rows were written.
 */
export async function writeEmbeddings(db: Kysely<MemoryDatabase>, model: EmbeddingModelId, writes: EmbeddingWrite[]): Promise<number> {
  if (writes.length === 0) return 0;
  const result = await sql<{ written: string | number }>`
    SELECT count(*) FILTER (WHERE engram_set_embedding(x.id, x.content_hash, x.embedding::vector, ${model.name}, ${model.version})) AS written
    FROM unnest(${writes.map((w) => w.id)}::uuid[], ${writes.map((w) => w.contentHash)}::text[], ${writes.map((w) => w.vectorSql)}::text[])
      AS x(id, content_hash, embedding)`.execute(db);
  return Number(result.rows[0]?.written ?? 0);
}
