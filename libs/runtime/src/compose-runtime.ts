import type { LifecycleStats, LifecycleSweeps, MemoryService } from '@engram/agents';
import {
  createJobQueue, loadEmbeddingProvider, migrationState, openDatabase, prepareSchema, summarizeConfig, type DatabaseHandle, type EmbeddingProvider,
  type EngramConfig,
} from '@engram/infra';
import { requestEmbedding } from '@engram/retrieval';
import type { Kysely } from 'kysely';
import { startBackground } from './background.js';
import { composeCore, type Core } from './compose-core.js';
import type { HealthProbe, HealthReport, Runtime } from './health-report.js';
import { createMetricsExporter, type MetricsExporter } from './metrics/lifecycle-metrics.js';
import { composeRateLimiter, createKeyVerifier, type KeyVerifier } from './identity.js';

/** A long-running app's view of the memory core, built once per process. */
export interface MemoryRuntime {
  service: MemoryService;
  health: HealthProbe;
  runtime: Runtime;
  /** The shared database, for app-owned tables (e.g. the A2A task store). Memory tables are written only by the gate. */
  db: Kysely<unknown>;
  /** API keys → identities, for the HTTP servers' auth (ADR-0027). */
  keys: KeyVerifier;
  /** The lifecycle sweeps (scheduled here) and their numbers, for /metrics. */
  lifecycle: { sweeps: LifecycleSweeps; stats(): Promise<LifecycleStats>; metrics: MetricsExporter };
}

export interface ComposeOptions {
  /** Written to stderr (never stdout: stdio MCP owns it). */
  log: (message: string) => void;
}

async function openEmbedder(config: EngramConfig, log: ComposeOptions['log']): Promise<{ embedder: EmbeddingProvider | null; error?: string }> {
  try {
    return { embedder: await loadEmbeddingProvider({ modelDir: config.modelDir, modelName: config.modelName, batchSize: config.embedBatchSize }) };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log(`WARNING embedding model unavailable, running keyword-only: ${error}`);
    return { embedder: null, error };
  }
}

/**
 * Opens the database (migrated at start-up), the embedder (optional: without a model the service
 * runs keyword-only) and the job queue, composes the core ({@link composeCore}) and starts its
 * background work ({@link startBackground}). Fails fast on the database and migrations; closes
 * what it opened on failure.
 */
export async function composeRuntime(config: EngramConfig, { log }: ComposeOptions): Promise<MemoryRuntime> {
  // The model loads in its worker thread while the main thread opens and checks the database (PGlite
  // runs on the main thread): a stdio connect waits for the longer of the two, not their sum (issue 39).
  const loadingEmbedder = openEmbedder(config, log);
  const closeEmbedder = () => loadingEmbedder.then(({ embedder }) => embedder?.close()).catch(() => undefined);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, home: config.home });
  } catch (err) {
    await closeEmbedder();
    throw err;
  }
  try {
    // Owners (and PGlite) migrate; a service login only checks and refuses a pending schema (ADR-0026).
    const { applied } = await prepareSchema(handle);
    if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
    const { embedder, error: modelError } = await loadingEmbedder;
    const queue = createJobQueue(handle, {}, { schedules: true });
    const limits = composeRateLimiter(config, handle.db, log);
    const core = await composeCore(config, handle, {
      embedder, indexing: { request: () => requestEmbedding(queue) }, rateLimiter: limits.limiter, log,
    });
    const { indexer } = core;
    const backlog = indexer ? async () => ({ pending: await indexer.countPendingEmbeddings(), oldestAgeSeconds: await indexer.oldestPendingAgeSeconds() }) : undefined;
    const metrics = createMetricsExporter(core.lifecycle.stats, core.lifecycle.layer1Rejections, backlog);
    const background = await startBackground(core, queue, { onSweepReport: (r) => metrics.observeSweep(r) });
    const runtime: Runtime = {
      async close() {
        await background.stop();
        await limits.stop();
        core.close();
        await embedder?.close().catch(() => undefined);
        await handle.close();
      },
    };
    return {
      service: core.service,
      health: healthProbe(core, modelError),
      runtime,
      db: handle.db as Kysely<unknown>,
      lifecycle: { sweeps: core.lifecycle.sweeps, stats: core.lifecycle.stats, metrics },
      keys: createKeyVerifier(handle.db, (id) => limits.markTrusted(id)),
    };
  } catch (err) {
    await closeEmbedder();
    await handle.close().catch(() => undefined);
    throw err;
  }
}

function healthProbe({ config, handle, service, indexer, embedder, toc, gates }: Core, modelError: string | undefined): HealthProbe {
  return {
    async report(): Promise<HealthReport> {
      const db = await handle.ping().then(() => ({ ok: true }), (e: unknown) => ({ ok: false, error: String(e) }));
      const pendingGate = db.ok ? await service.gate.pendingCount().catch(() => null) : null;
      const pendingEmb = db.ok && indexer ? await indexer.countPendingEmbeddings().catch(() => null) : null;
      const oldestEmb = db.ok && indexer ? await indexer.oldestPendingAgeSeconds().catch(() => null) : null;
      const pendingToc = db.ok ? await toc.pendingOutbox().catch(() => null) : null;
      const migrations = db.ok ? await migrationState(handle).catch(() => undefined) : undefined;
      const librarianProblem = gates.where === 'librarian' ? await gates.librarianProblem() : undefined;
      const librarian = gates.where === 'librarian' ? { ok: librarianProblem === undefined, ...(librarianProblem ? { error: librarianProblem } : {}) } : undefined;
      return {
        // Without its librarian a server reads but cannot write: degraded, not down.
        status: !db.ok ? 'down' : embedder && librarian?.ok !== false ? 'ok' : 'degraded',
        database: { ...db, backend: handle.backend, location: handle.location, ...(migrations ? { migrations } : {}) },
        model: { ok: embedder !== null, name: config.modelName, dir: config.modelDir, ...(modelError ? { error: modelError } : {}) },
        embeddings: { pending: pendingEmb, oldestAgeSeconds: oldestEmb },
        gate: { pending: pendingGate, ...(librarian ? { librarian } : {}) },
        conversation: { pendingOutbox: pendingToc },
        config: summarizeConfig(config),
      };
    },
  };
}
