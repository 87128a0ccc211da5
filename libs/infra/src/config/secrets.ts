import { redactDatabaseUrl } from '../db/open-database.js';
import type { EngramConfig } from './config.types.js';

/**
 * The settings that are secrets. They live in the same frozen config object (passed down to the
 * few places that need them) but are never logged or reported: see {@link summarizeConfig}.
 */
export interface EngramSecrets {
  readonly apiKey?: string;
  readonly databaseUrl?: string;
  readonly llmApiKey?: string;
  readonly librarianKey?: string;
}

/** The secrets of a config, for code that must hand them to a client library. */
export function secretsOf(config: EngramConfig): EngramSecrets {
  return { apiKey: config.http.apiKey, databaseUrl: config.databaseUrl, llmApiKey: config.llmApiKey, librarianKey: config.librarianKey };
}

/** A config summary safe for /health, `engram status` and logs: no key, no password. */
export function summarizeConfig(config: EngramConfig): Record<string, unknown> {
  return {
    home: config.home,
    database: config.databaseUrl ? { backend: 'postgres', url: redactDatabaseUrl(config.databaseUrl) } : { backend: 'pglite' },
    modelName: config.modelName,
    modelDir: config.modelDir,
    http: {
      host: config.http.host,
      port: config.http.port,
      apiKeySet: config.http.apiKey !== undefined,
      allowedHosts: config.http.allowedHosts,
      allowedOrigins: config.http.allowedOrigins,
      maxBodyBytes: config.http.maxBodyBytes,
    },
    policyFile: config.policyFile,
    logLevel: config.logLevel,
    embedBatchSize: config.embedBatchSize,
    librarian: config.librarianSocket ? { socket: config.librarianSocket, keySet: config.librarianKey !== undefined } : null,
    llm: config.llmUrl ? { url: config.llmUrl, model: config.llmModel, apiKeySet: config.llmApiKey !== undefined } : null,
  };
}
