import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../errors.js';
import { readEnv } from './env.js';

/** The few settings a short-lived process (the agent hook) needs. */
export interface LightConfig {
  home: string;
  databaseUrl?: string;
  conversationMode: 'unified' | 'per-agent';
}

const MODES = new Set(['unified', 'per-agent']);

function expand(p: string, cwd: string): string {
  return path.resolve(cwd, p === '~' || p.startsWith('~/') ? path.join(os.homedir(), p.slice(1)) : p);
}

/**
 * The same layering as `loadConfig` (defaults < config file < environment) for `home`,
 * `databaseUrl` and `conversationMode` only, without loading the full schema: the agent hook runs
 * as a cold process per event and the schema library alone costs most of its time budget
 * (ADR-0012). The YAML parser is imported only when a config file exists. Other keys of the file
 * are not checked here; `engram doctor` / the servers validate the whole file.
 */
export async function loadLightConfig(opts: { env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<LightConfig> {
  const cwd = opts.cwd ?? process.cwd();
  const raw = readEnv(opts.env ?? process.env);
  const home = expand(raw.home ?? path.join(os.homedir(), '.engram'), cwd);
  const file = raw.configFile ? expand(raw.configFile, cwd) : path.join(home, 'config.yaml');
  let fromFile: Record<string, unknown> = {};
  if (existsSync(file)) {
    const { parse } = await import('yaml');
    try {
      fromFile = (parse(readFileSync(file, 'utf8')) ?? {}) as Record<string, unknown>;
    } catch (error) {
      throw new ConfigError(`config file ${file} is not valid YAML: ${String(error)}`, { cause: error });
    }
  } else if (raw.configFile) {
    throw new ConfigError(`config file ${file} (ENGRAM_CONFIG) does not exist`);
  }
  const databaseUrl = raw.databaseUrl ?? (typeof fromFile['databaseUrl'] === 'string' ? fromFile['databaseUrl'] : undefined);
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError('databaseUrl: must be a postgres:// or postgresql:// URL');
  const mode = raw.conversationMode ?? (fromFile['conversationMode'] as string | undefined) ?? 'unified';
  if (!MODES.has(mode)) throw new ConfigError(`conversationMode: must be unified or per-agent, got "${mode}"`);
  return { home, ...(databaseUrl ? { databaseUrl } : {}), conversationMode: mode as LightConfig['conversationMode'] };
}
