// Public entry of @engram/infra: every export is chosen on purpose (CONVENTIONS C2).

// errors
export {
  InfraError,
  ConfigError,
  DatabaseUnavailableError,
  MigrationError,
  EmbeddedLockError,
  JobQueueError,
  type InfraErrorCode,
} from './errors.js';

// database
export type { DatabaseHandle, DatabaseBackend } from './db/database-handle.js';
export { openDatabase, redactDatabaseUrl, type OpenDatabaseOptions } from './db/open-database.js';
export { openInMemoryDatabase } from './db/pglite-instance.js';
export { migrateToLatest, migrateDown, type MigrateOptions } from './db/migrate.js';
export { DEFAULT_EMBEDDING_DIM, type MigrationContext } from './db/migration-context.js';
