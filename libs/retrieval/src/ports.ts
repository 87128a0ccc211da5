import type { EmbeddingProvider, JobQueue } from '@engram/infra';

/*
 * What retrieval needs from infra, as the narrowest structural ports (CONVENTIONS C5: ports live in
 * the lib that uses them). infra's EmbeddingProvider and JobQueue satisfy them as they are;
 * the narrow picks let callers (and tests) hand in any object with just these members.
 */

/** Embeds search queries; `modelName`/`modelVersion` tag which stored vectors are comparable. */
export type QueryEmbedder = Pick<EmbeddingProvider, 'modelName' | 'modelVersion' | 'embedQuery'>;

/** Embeds stored passages in batches (the indexer's side of the model). */
export type PassageEmbedder = Pick<EmbeddingProvider, 'modelName' | 'modelVersion' | 'embedPassages'>;

/** The slice of infra's Postgres job queue the indexer job uses. */
export type EmbeddingJobQueue = Pick<JobQueue, 'send' | 'work'>;
