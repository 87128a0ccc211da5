import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from '../errors.js';
import { configSchema, describeIssues, fileSchema } from './config.schema.js';
import type { ConfigOverrides, EngramConfig, HttpConfig } from './config.types.js';
import { readEnv, type EngramEnv } from './env.js';
import { lifecycleFromEnv, mergeLifecycle } from './lifecycle-settings.js';

/** Options of {@link loadConfig}. Defaults: `process.env`, no flags, `process.cwd()`. */
export interface LoadConfigOptions {
  env?: Record<string, string | undefined>;
  flags?: ConfigOverrides;
  cwd?: string;
}

type Layer = ConfigOverrides;
type Writable<T> = { -readonly [K in keyof T]?: T[K] };

const DEFAULTS = {
  modelName: 'all-MiniLM-L6-v2',
  http: {
    host: '127.0.0.1',
    port: 7431,
    allowedHosts: ['localhost', '127.0.0.1', '[::1]'],
    allowedOrigins: [] as string[],
    maxBodyBytes: 1_048_576,
  },
  logLevel: 'info',
  embedBatchSize: 32,
  conversationMode: 'unified',
} as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * Builds the process configuration: defaults < config file (`ENGRAM_CONFIG`, else
 * `$ENGRAM_HOME/config.yaml` when present) < environment (`ENGRAM_*`, `DATABASE_URL`) < flags.
 * Validates once and returns a deeply frozen object; throws ConfigError naming every bad value.
 */
export function loadConfig(opts: LoadConfigOptions = {}): EngramConfig {
  const cwd = opts.cwd ?? process.cwd();
  const raw = readEnv(opts.env ?? process.env);
  const flags = opts.flags ?? {};
  const home = resolvePath(flags.home ?? raw.home ?? path.join(os.homedir(), '.engram'), cwd);
  const file = readConfigFile(raw.configFile ? resolvePath(raw.configFile, cwd) : path.join(home, 'config.yaml'), !!raw.configFile);
  const merged = mergeLayers([DEFAULTS as Layer, file, envLayer(raw), flags]);
  const lifecycle = mergeLifecycle(mergeLifecycle(file.lifecycle, lifecycleEnv(opts.env ?? process.env)), flags.lifecycle);
  const modelName = merged.modelName ?? DEFAULTS.modelName;
  const candidate = {
    ...merged,
    ...(lifecycle ? { lifecycle } : {}),
    home,
    modelDir: resolvePath(merged.modelDir ?? path.join(home, 'models', modelName), cwd),
    policyFile: resolvePath(merged.policyFile ?? defaultPolicyFile(cwd, home), cwd),
  };
  const parsed = configSchema.safeParse(candidate);
  if (!parsed.success) throw new ConfigError(`invalid configuration: ${describeIssues(parsed.error)}`);
  const config = parsed.data as EngramConfig;
  checkContradictions(config);
  return deepFreeze(config);
}

function resolvePath(p: string, cwd: string): string {
  const expanded = p === '~' || p.startsWith('~/') ? path.join(os.homedir(), p.slice(1)) : p;
  return path.resolve(cwd, expanded);
}

function defaultPolicyFile(cwd: string, home: string): string {
  const project = path.join(cwd, '.engram', 'librarian-policy.yaml');
  return existsSync(project) ? project : path.join(home, 'librarian-policy.yaml');
}

function readConfigFile(file: string, required: boolean): Layer {
  if (!existsSync(file)) {
    if (required) throw new ConfigError(`config file ${file} (ENGRAM_CONFIG) does not exist`);
    return {};
  }
  let data: unknown;
  try {
    data = parseYaml(readFileSync(file, 'utf8')) ?? {};
  } catch (error) {
    throw new ConfigError(`config file ${file} is not valid YAML: ${String(error)}`, { cause: error });
  }
  const parsed = fileSchema.safeParse(data);
  if (!parsed.success) throw new ConfigError(`config file ${file}: ${describeIssues(parsed.error)}`);
  return parsed.data as Layer;
}

function envLayer(raw: EngramEnv): Layer {
  const http: Writable<HttpConfig> = {};
  if (raw.httpHost) http.host = raw.httpHost;
  if (raw.httpPort) http.port = toInt('ENGRAM_HTTP_PORT', raw.httpPort);
  if (raw.apiKey) http.apiKey = raw.apiKey;
  if (raw.allowedHosts) http.allowedHosts = toList(raw.allowedHosts);
  if (raw.allowedOrigins) http.allowedOrigins = toList(raw.allowedOrigins);
  if (raw.maxBodyBytes) http.maxBodyBytes = toInt('ENGRAM_MAX_BODY_BYTES', raw.maxBodyBytes);
  const layer: Writable<Omit<EngramConfig, 'http'>> & { http: Writable<HttpConfig> } = { http };
  if (raw.databaseUrl) layer.databaseUrl = raw.databaseUrl;
  if (raw.modelName) layer.modelName = raw.modelName;
  if (raw.modelDir) layer.modelDir = raw.modelDir;
  if (raw.policyFile) layer.policyFile = raw.policyFile;
  if (raw.logLevel) layer.logLevel = raw.logLevel as EngramConfig['logLevel']; // validated below
  if (raw.embedBatchSize) layer.embedBatchSize = toInt('ENGRAM_EMBED_BATCH_SIZE', raw.embedBatchSize);
  if (raw.llmUrl) layer.llmUrl = raw.llmUrl;
  if (raw.llmModel) layer.llmModel = raw.llmModel;
  if (raw.llmApiKey) layer.llmApiKey = raw.llmApiKey;
  if (raw.librarianSocket) layer.librarianSocket = raw.librarianSocket;
  if (raw.librarianKey) layer.librarianKey = raw.librarianKey;
  if (raw.tocSegmentGapMinutes) layer.tocSegmentGapMinutes = toInt('ENGRAM_TOC_SEGMENT_GAP_MINUTES', raw.tocSegmentGapMinutes);
  if (raw.tocSegmentMaxTokens) layer.tocSegmentMaxTokens = toInt('ENGRAM_TOC_SEGMENT_MAX_TOKENS', raw.tocSegmentMaxTokens);
  if (raw.tocOverlapMinutes) layer.tocOverlapMinutes = toInt('ENGRAM_TOC_OVERLAP_MINUTES', raw.tocOverlapMinutes);
  if (raw.tocOverlapTokens) layer.tocOverlapTokens = toInt('ENGRAM_TOC_OVERLAP_TOKENS', raw.tocOverlapTokens);
  if (raw.tocSummariser) layer.tocSummariser = raw.tocSummariser as EngramConfig['tocSummariser']; // validated below
  if (raw.rateLimitBurst || raw.rateLimitPerSecond) {
    layer.rateLimit = {
      ...(raw.rateLimitBurst ? { burst: toInt('ENGRAM_RATE_LIMIT_BURST', raw.rateLimitBurst) } : {}),
      ...(raw.rateLimitPerSecond ? { perSecond: toNumber('ENGRAM_RATE_LIMIT_PER_SECOND', raw.rateLimitPerSecond) } : {}),
    };
  }
  if (raw.conversationMode) layer.conversationMode = raw.conversationMode as EngramConfig['conversationMode']; // validated below
  return layer;
}

function lifecycleEnv(env: Record<string, string | undefined>) {
  try {
    return lifecycleFromEnv(env);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

function toInt(name: string, value: string): number {
  if (!/^-?\d+$/.test(value)) throw new ConfigError(`${name} must be an integer, got "${value}"`);
  return Number.parseInt(value, 10);
}

function toNumber(name: string, value: string): number {
  if (!/^\d+(\.\d+)?$/.test(value)) throw new ConfigError(`${name} must be a number, got "${value}"`);
  return Number.parseFloat(value);
}

function toList(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

function mergeLayers(layers: Layer[]): Layer {
  const out: Writable<Layer> = {};
  for (const layer of layers) {
    const { http, rateLimit, ...rest } = layer;
    Object.assign(out, stripUndefined(rest));
    if (http) out.http = { ...out.http, ...stripUndefined(http) };
    // The env's burst/rate must not drop the file's per-actor rules (ADR-0027).
    if (rateLimit) out.rateLimit = { ...out.rateLimit, ...stripUndefined(rateLimit) };
  }
  return out;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function checkContradictions(config: EngramConfig): void {
  if ((config.llmUrl === undefined) !== (config.llmModel === undefined)) {
    throw new ConfigError('set both ENGRAM_LLM_URL and ENGRAM_LLM_MODEL (the Researcher\'s LLM synthesiser), or neither');
  }
  if (config.tocSummariser === 'llm' && config.llmUrl === undefined) {
    throw new ConfigError('ENGRAM_TOC_SUMMARISER=llm needs ENGRAM_LLM_URL and ENGRAM_LLM_MODEL');
  }
  if (!LOOPBACK.has(config.http.host) && !config.http.apiKey) {
    throw new ConfigError(
      `http.host ${config.http.host} is reachable from other machines: set ENGRAM_API_KEY or bind to 127.0.0.1`,
    );
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
