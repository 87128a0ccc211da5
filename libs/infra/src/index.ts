// Public entry of @engram/infra: every export is chosen on purpose (CONVENTIONS C2).

// errors
export {
  InfraError,
  ConfigError,
  DatabaseUnavailableError,
  MigrationError,
  SchemaPendingError,
  EmbeddedLockError,
  JobQueueError,
  type InfraErrorCode,
} from './errors.js';

// database
export type { DatabaseHandle, DatabaseBackend } from './db/database-handle.js';
export { openDatabase, redactDatabaseUrl, type OpenDatabaseOptions } from './db/open-database.js';
export { openInMemoryDatabase } from './db/pglite-instance.js';
export { DEFAULT_PGLITE_MEMORY, pgliteMemoryFrom } from './db/pglite-memory.js';
export type { PgliteMemorySettings } from './db/pglite-memory.js';
export { openLightDatabase, type OpenLightOptions } from './db/open-light.js';
export { migrateToLatest, migrateDown, type MigrateOptions } from './db/migrate.js';
export { prepareSchema, pendingMigrations, migrationState, type SchemaReadiness } from './db/schema-readiness.js';
export { refreshStatistics, STATISTICS_TABLES, type RefreshStatisticsOptions } from './db/refresh-statistics.js';
export { vacuumDeadRows, VACUUM_TABLES, type VacuumDeadRowsOptions } from './db/vacuum-dead-rows.js';
export { DEFAULT_EMBEDDING_DIM, type MigrationContext } from './db/migration-context.js';

// API keys (ADR-0027)
export { ApiKeyStore, hashApiKey, type ApiKeyInfo, type KeyIdentity, type NewApiKey } from './auth/api-keys.js';

// jobs
export { createJobQueue, JOB_SCHEMA } from './jobs/pg-boss-queue.js';
export type { JobQueueOptions } from './jobs/pg-boss-queue.js';
export {
  DEFAULT_RETRY_POLICY,
  type JobQueue,
  type Job,
  type SendOptions,
  type WorkOptions,
  type RetryPolicy,
  type QueuePolicy,
} from './jobs/job-queue.js';

// config
export { loadConfig, type LoadConfigOptions } from './config/config.js';
export { loadLightConfig, type LightConfig } from './config/light-config.js';
export type { EngramConfig, HttpConfig, ConfigOverrides } from './config/config.types.js';
export type { LifecycleSettings } from './config/lifecycle-settings.js';
export { readEnv, ENV_NAMES, type EngramEnv } from './config/env.js';
export { summarizeConfig, secretsOf, type EngramSecrets } from './config/secrets.js';

// logging
export {
  getLogger,
  configureLogging,
  dbLogger,
  jobsLogger,
  configLogger,
  LOG_LEVELS,
  type Logger,
  type LogLevel,
  type LogSink,
} from './logger.js';

// LLM (OpenAI-compatible chat completions; the conversation summariser's transport)
export { createOpenAiChat, type ChatClient, type ChatMessage, type OpenAiChatOptions } from './llm/openai-chat.js';

// embedding
export type { EmbeddingProvider } from './embedding/embedding-provider.js';
export { embeddingModelIdOf, loadEmbeddingProvider, type LoadEmbeddingProviderOptions } from './embedding/load-embedding-provider.js';
export { checkModelDir, type ModelDirCheck } from './embedding/model-dir.js';
export { MODEL_SETTINGS, DEFAULT_EMBEDDING_MODEL, modelSettingsFor, type ModelSettings, type PoolingMode } from './embedding/model-settings.js';
export {
  ModelUnavailableError,
  EmbeddingModelUnknownError,
  EmbeddingFailedError,
  EmbeddingWorkerMissingError,
} from './embedding/errors.js';
