/*
 * The ONLY file of this app that imports @engram/infra (ADR-0002). It builds config, database
 * (migrated at start-up), embedder (optional: without a model the server runs keyword-only),
 * job queue with the embedding worker, gate and search, and hands them to Nest as Symbol-token
 * providers.
 */
import { existsSync } from 'node:fs';
import { createMemoryService, type MemoryService } from '@engram/agents';
import {
  createJobQueue, loadConfig, loadEmbeddingProvider, migrateToLatest, openDatabase, summarizeConfig,
  type ConfigOverrides, type EmbeddingProvider, type EngramConfig,
} from '@engram/infra';
import { createGate, loadPolicy } from '@engram/librarian';
import { createTypeRegistry, RecordReader } from '@engram/memory';
import {
  createEmbeddingIndexer, createSearchService, registerEmbeddingJobs, requestEmbedding, touchMemories,
} from '@engram/retrieval';
import type { Provider } from '@nestjs/common';
import type { HealthProbe, HealthReport, Runtime } from './health/health-probe.js';
import type { McpServerOptions } from './server-options.js';
import { CONFIG, HEALTH_PROBE, MEMORY_SERVICE, RUNTIME } from './tokens.js';
import type { HttpAccessConfig } from './transports/http-access.js';

/** Everything the app needs, built once per process. */
export interface Composition {
  service: MemoryService;
  health: HealthProbe;
  runtime: Runtime;
}

const COMPOSITION = Symbol('engram.composition');
const EMBEDDING_SWEEP_MS = 30_000;

const log = (msg: string) => process.stderr.write(`${new Date().toISOString()} engram-mcp ${msg}\n`);

async function openEmbedder(config: EngramConfig): Promise<{ embedder: EmbeddingProvider | null; error?: string }> {
  try {
    return { embedder: await loadEmbeddingProvider({ modelDir: config.modelDir, modelName: config.modelName, batchSize: config.embedBatchSize }) };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log(`WARNING embedding model unavailable, running keyword-only: ${error}`);
    return { embedder: null, error };
  }
}

// A missing policy file means the seed 000 default rules (engram init writes them out for editing).
/** Loads the layered config (defaults < file < env < flags); throws ConfigError on bad values. */
export function loadServerConfig(options: McpServerOptions): { config: EngramConfig; http: HttpAccessConfig } {
  const f = options.configFlags;
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
  const env = f.configFile !== undefined ? { ...process.env, ENGRAM_CONFIG: f.configFile } : process.env;
  const config = loadConfig({ env, flags, cwd: process.cwd() });
  return { config, http: { ...config.http } };
}

/** Builds the whole runtime. Fails fast (database, migrations); the model is optional. */
async function compose(config: EngramConfig): Promise<Composition> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, home: config.home });
  try {
    const { applied } = await migrateToLatest(handle);
    if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
    const { embedder, error: modelError } = await openEmbedder(config);
    const queue = createJobQueue(handle);
    await queue.start();
    const indexer = embedder ? createEmbeddingIndexer({ db: handle.db, embedder, batchSize: config.embedBatchSize }) : null;
    if (indexer) await registerEmbeddingJobs(queue, indexer);
    const gate = createGate({ db: handle.db, registry: createTypeRegistry(), policy: await loadPolicy(existsSync(config.policyFile) ? { path: config.policyFile } : {}) });
    const service = createMemoryService({
      gate,
      reader: new RecordReader(handle.db),
      search: createSearchService({ db: handle.db, embedder }),
      access: { touch: (ids) => touchMemories(handle.db, ids) },
      indexing: { request: () => requestEmbedding(queue) },
      onIndexingError: (err) => log(`embedding request failed: ${String(err)}`),
    });
    // Catch up on a backlog (previous runs, CLI imports/approvals) now and then periodically; the
    // job is a singleton, so a sweep while a run is queued costs one dropped insert.
    const sweep = indexer ? setInterval(() => void requestEmbedding(queue).catch(() => undefined), EMBEDDING_SWEEP_MS) : undefined;
    sweep?.unref();
    if (indexer) void requestEmbedding(queue).catch(() => undefined);
    const health: HealthProbe = {
      async report(): Promise<HealthReport> {
        const db = await handle.ping().then(() => ({ ok: true }), (e: unknown) => ({ ok: false, error: String(e) }));
        const pendingGate = db.ok ? await service.gate.pendingCount().catch(() => null) : null;
        const pendingEmb = db.ok && indexer ? await indexer.countPendingEmbeddings().catch(() => null) : null;
        return {
          status: !db.ok ? 'down' : embedder ? 'ok' : 'degraded',
          database: { ...db, backend: handle.backend, location: handle.location },
          model: { ok: embedder !== null, name: config.modelName, dir: config.modelDir, ...(modelError ? { error: modelError } : {}) },
          embeddings: { pending: pendingEmb },
          gate: { pending: pendingGate },
          config: summarizeConfig(config),
        };
      },
    };
    const runtime: Runtime = {
      async close() {
        if (sweep) clearInterval(sweep);
        await queue.stop().catch((e: unknown) => log(`job queue stop failed: ${String(e)}`));
        await embedder?.close().catch(() => undefined);
        await handle.close();
      },
    };
    return { service, health, runtime };
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

/** Nest providers (Symbol tokens; see tokens.ts): the runtime is built once, at module init. */
export function compositionProviders(config: EngramConfig): Provider[] {
  const from = <T>(pick: (c: Composition) => T): Omit<Provider & object, 'provide'> => ({ useFactory: pick, inject: [COMPOSITION] });
  return [
    { provide: CONFIG, useValue: config },
    { provide: COMPOSITION, useFactory: () => compose(config) },
    { provide: MEMORY_SERVICE, ...from((c) => c.service) },
    { provide: HEALTH_PROBE, ...from((c) => c.health) },
    { provide: RUNTIME, ...from((c) => c.runtime) },
  ] as Provider[];
}
