import type { MemoryRuntime } from './compose-runtime.js';

/** The DI tokens a server keys the runtime's parts by (its own Symbols, see its tokens.ts). */
export interface RuntimeTokens {
  service: symbol;
  health: symbol;
  runtime: symbol;
  metrics: symbol;
  keys: symbol;
}

/**
 * A factory provider as a DI container takes it (NestJS's shape, written here as plain data: no
 * framework import in a lib, ADR-0034).
 */
export interface RuntimeProvider {
  provide: symbol;
  useFactory: (...deps: never[]) => unknown;
  inject?: symbol[];
}

/** The server's providers over one composed runtime, and `from` for app-owned parts built on it (e.g. the A2A task store). */
export interface RuntimeProviders {
  providers: RuntimeProvider[];
  from<T>(provide: symbol, pick: (runtime: MemoryRuntime) => T): RuntimeProvider;
}

/**
 * What every server registers: the runtime, composed once at module init, its parts under the
 * app's tokens, and a shutdown hook (a container calls `onApplicationShutdown` on every provided
 * value that has it) closing queue, model and database with the app, never by process.exit.
 */
export function runtimeProviders(tokens: RuntimeTokens, compose: () => Promise<MemoryRuntime>): RuntimeProviders {
  const composition = Symbol('engram.composition');
  const from = <T>(provide: symbol, pick: (runtime: MemoryRuntime) => T): RuntimeProvider => ({ provide, useFactory: pick, inject: [composition] });
  return {
    providers: [
      { provide: composition, useFactory: compose },
      from(tokens.service, (c) => c.service),
      from(tokens.health, (c) => c.health),
      from(tokens.runtime, (c) => c.runtime),
      from(tokens.metrics, (c) => c.lifecycle.metrics),
      from(tokens.keys, (c) => c.keys),
      from(Symbol('engram.runtime-shutdown'), (c) => ({ onApplicationShutdown: () => c.runtime.close() })),
    ],
    from,
  };
}
