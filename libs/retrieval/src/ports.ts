import type { EmbeddingProvider } from '@engram/infra';

/*
 * What retrieval needs from infra, as the narrowest structural ports (CONVENTIONS C5: ports live in
 * the lib that uses them). infra's EmbeddingProvider and JobQueue satisfy them as they are;
 * the narrow picks let callers (and tests) hand in any object with just these members.
 */

/** Embeds search queries; `modelName`/`modelVersion` tag which stored vectors are comparable. */
export type QueryEmbedder = Pick<EmbeddingProvider, 'modelName' | 'modelVersion' | 'embedQuery'>;

/** Embeds stored passages in batches (the indexer's side of the model). */
export type PassageEmbedder = Pick<EmbeddingProvider, 'modelName' | 'modelVersion' | 'embedPassages'>;

/** A job delivered to a worker. */
export interface QueuedJob<T> {
  id: string;
  data: T;
}

/** The slice of the Postgres job queue the indexer job uses. */
export interface EmbeddingJobQueue {
  send(name: string, data: object, opts?: Record<string, unknown>): Promise<string | null>;
  work<T extends object>(
    name: string,
    handler: (jobs: QueuedJob<T>[]) => Promise<unknown>,
    opts?: Record<string, unknown>,
  ): Promise<unknown>;
}
