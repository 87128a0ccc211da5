/*
 * The ONLY file of this app that imports @engram/infra and @engram/runtime (ADR-0002, ADR-0007):
 * it loads the layered config and hands the composed memory runtime to Nest as Symbol-token providers.
 */
import type { EngramConfig } from '@engram/infra';
import { composeRuntime, loadServerConfig as loadConfigFromFlags, runtimeProviders } from '@engram/runtime';
import type { Provider } from '@nestjs/common';
import type { McpServerOptions } from './server-options.js';
import { CONFIG, HEALTH_PROBE, KEYS, MEMORY_SERVICE, METRICS, RUNTIME } from './tokens.js';
import type { HttpAccessConfig } from './transports/http-access.js';

const log = (msg: string) => process.stderr.write(`${new Date().toISOString()} engram-mcp ${msg}\n`);

/** Loads the layered config (defaults < file < env < flags); throws ConfigError on bad values. */
export function loadServerConfig(options: McpServerOptions): { config: EngramConfig; http: HttpAccessConfig } {
  const config = loadConfigFromFlags(options.configFlags);
  return { config, http: { ...config.http } };
}

/** Nest providers (Symbol tokens; see tokens.ts): the runtime is built once, at module init, and closed with the app. */
export function compositionProviders(config: EngramConfig): Provider[] {
  const { providers } = runtimeProviders(
    { service: MEMORY_SERVICE, health: HEALTH_PROBE, runtime: RUNTIME, metrics: METRICS, keys: KEYS }, () => composeRuntime(config, { log }),
  );
  return [{ provide: CONFIG, useValue: config }, ...providers] as Provider[];
}
