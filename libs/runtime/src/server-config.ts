import { loadConfig, type ConfigOverrides, type EngramConfig } from '@engram/infra';

/** Command-line values a server passes to the config loader (strings, as parsed from argv). */
export interface ServerConfigFlags {
  home?: string;
  databaseUrl?: string;
  modelDir?: string;
  modelName?: string;
  logLevel?: string;
  configFile?: string;
  httpHost?: string;
  httpPort?: string;
  apiKey?: string;
}

/**
 * The layered config of a server process (defaults < config file < environment < flags); throws
 * ConfigError naming the bad value. `configFile` stands for ENGRAM_CONFIG.
 */
export function loadServerConfig(f: ServerConfigFlags, env: NodeJS.ProcessEnv = process.env): EngramConfig {
  const http: Record<string, unknown> = {};
  if (f.httpHost !== undefined) http.host = f.httpHost;
  // A non-numeric port stays a string so the config schema rejects it with a clear message.
  if (f.httpPort !== undefined) http.port = /^\d+$/.test(f.httpPort) ? Number(f.httpPort) : f.httpPort;
  if (f.apiKey !== undefined) http.apiKey = f.apiKey;
  const flags = {
    ...(f.home !== undefined ? { home: f.home } : {}),
    ...(f.databaseUrl !== undefined ? { databaseUrl: f.databaseUrl } : {}),
    ...(f.modelDir !== undefined ? { modelDir: f.modelDir } : {}),
    ...(f.modelName !== undefined ? { modelName: f.modelName } : {}),
    ...(f.logLevel !== undefined ? { logLevel: f.logLevel } : {}),
    ...(Object.keys(http).length ? { http } : {}),
  } as ConfigOverrides;
  return loadConfig({ env: f.configFile !== undefined ? { ...env, ENGRAM_CONFIG: f.configFile } : env, flags, cwd: process.cwd() });
}
