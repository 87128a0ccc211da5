import type { DatabaseBackend } from './database-handle.js';

/**
 * What a migration may depend on besides the database itself. One migration history serves
 * native Postgres and PGlite; `backend` lets a migration skip what PGlite cannot do (roles).
 */
export interface MigrationContext {
  readonly backend: DatabaseBackend;
  readonly embeddingDim: number;
}

/** The embedding width of the default model (all-MiniLM-L6-v2). */
export const DEFAULT_EMBEDDING_DIM = 384;
