/*
 * The ONLY file of this app that imports @engram/infra and @engram/runtime (ADR-0002, ADR-0007):
 * it loads the layered config, composes the memory runtime and puts the A2A task store on the
 * shared database (table a2a_tasks, created by the infra migrations).
 */
import { DatabaseTaskStore } from '@a2a-js/sdk/server/database';
import type { EngramConfig } from '@engram/infra';
import { composeRuntime, loadServerConfig, runtimeProviders } from '@engram/runtime';
import type { Provider } from '@nestjs/common';
import type { A2aServerOptions } from './server-options.js';
import { A2A_SETTINGS, HEALTH_PROBE, KEYS, MEMORY_SERVICE, METRICS, RUNTIME, TASK_STORE } from './tokens.js';

const TASKS_TABLE = 'a2a_tasks';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

const log = (msg: string) => process.stderr.write(`${new Date().toISOString()} engram-a2a ${msg}\n`);

/** What the HTTP layer needs to know, resolved from options and config. */
export interface A2aSettings {
  host: string;
  port: number;
  publicUrl: string;
  /** Undefined only with the insecure conformance switch. */
  apiKey: string | undefined;
  maxBodyBytes: number;
  /** Host / Origin headers answered (ENGRAM_ALLOWED_HOSTS / _ORIGINS; loopback names on a loopback bind). */
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
}

/**
 * Loads the layered config and decides access. The A2A server always needs an API key, except
 * under `--insecure-no-auth`, which is refused off loopback and logged loudly.
 */
export function loadA2aSettings(options: A2aServerOptions): { settings: A2aSettings; config: EngramConfig } {
  const config = loadServerConfig(options.configFlags);
  const { http } = config;
  if (options.insecureNoAuth && !LOOPBACK.has(http.host)) {
    throw new Error(`--insecure-no-auth is allowed on a loopback address only (host is ${http.host})`);
  }
  if (!options.insecureNoAuth && !http.apiKey) {
    throw new Error('the A2A server needs an API key: set ENGRAM_API_KEY or --api-key (callers send Authorization: Bearer <key>)');
  }
  if (options.insecureNoAuth) {
    log('WARNING *** AUTHENTICATION IS OFF (--insecure-no-auth): any local process can read and write memories over A2A. ' +
      'Use this only for conformance runners on loopback. ***');
  }
  const host = http.host.includes(':') && !http.host.startsWith('[') ? `[${http.host}]` : http.host;
  return {
    settings: {
      host: http.host, port: options.port, maxBodyBytes: http.maxBodyBytes,
      publicUrl: options.publicUrl ?? `http://${host}:${options.port}`,
      apiKey: options.insecureNoAuth ? undefined : http.apiKey,
      allowedHosts: http.allowedHosts, allowedOrigins: http.allowedOrigins,
    },
    config,
  };
}

/** Nest providers: the runtime is built once, at module init, and closed with the app; the task store lives on its database. */
export function compositionProviders(config: EngramConfig, settings: A2aSettings): Provider[] {
  const { providers, from } = runtimeProviders(
    { service: MEMORY_SERVICE, health: HEALTH_PROBE, runtime: RUNTIME, metrics: METRICS, keys: KEYS }, () => composeRuntime(config, { log }),
  );
  return [
    { provide: A2A_SETTINGS, useValue: settings },
    ...providers,
    from(TASK_STORE, (c) => new DatabaseTaskStore(c.db, { tableName: TASKS_TABLE })),
  ] as Provider[];
}
