/** Error codes raised by @engram/infra. */
export type InfraErrorCode =
  | 'CONFIG_INVALID'
  | 'DATABASE_UNAVAILABLE'
  | 'MIGRATION_FAILED'
  | 'SCHEMA_PENDING'
  | 'EMBEDDED_LOCK_FAILED'
  | 'JOB_QUEUE_FAILED'
  | 'MODEL_UNAVAILABLE'
  | 'EMBEDDING_MODEL_UNKNOWN'
  | 'EMBEDDING_FAILED'
  | 'EMBEDDING_WORKER_MISSING';

/** Base class of every error thrown by @engram/infra; `code` is stable and machine-readable. */
export class InfraError extends Error {
  override name = 'InfraError';
  constructor(
    readonly code: InfraErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A configuration value is missing, malformed or contradicts another one. */
export class ConfigError extends InfraError {
  override name = 'ConfigError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('CONFIG_INVALID', message, options);
  }
}

/** The database cannot be opened or reached. */
export class DatabaseUnavailableError extends InfraError {
  override name = 'DatabaseUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('DATABASE_UNAVAILABLE', message, options);
  }
}

/** A migration failed; the database is left at the last successfully applied migration. */
export class MigrationError extends InfraError {
  override name = 'MigrationError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('MIGRATION_FAILED', message, options);
  }
}

/**
 * The database has migrations this build needs and the connected role may not apply them (a
 * service login in server mode): the operator runs `engram migrate` as the owner, then restarts.
 */
export class SchemaPendingError extends InfraError {
  override name = 'SchemaPendingError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('SCHEMA_PENDING', message, options);
  }
}

/** The embedded database lock under ENGRAM_HOME could neither be taken nor joined. */
export class EmbeddedLockError extends InfraError {
  override name = 'EmbeddedLockError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('EMBEDDED_LOCK_FAILED', message, options);
  }
}

/** The job queue failed to start, send or work. */
export class JobQueueError extends InfraError {
  override name = 'JobQueueError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('JOB_QUEUE_FAILED', message, options);
  }
}
