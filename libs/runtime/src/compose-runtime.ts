import { existsSync } from 'node:fs';
import {
  collectLifecycleStats, createConversationFormation, createLifecycleSweeps, createMemoryService, createOpenAiSynthesiser, type LifecycleStats, type LifecycleSweeps, type MemoryService,
} from '@engram/agents';
import {
  createJobQueue, createOpenAiChat, loadEmbeddingProvider, openDatabase, prepareSchema, refreshStatistics, summarizeConfig,
  type DatabaseHandle, type EmbeddingProvider, type EngramConfig, type JobQueue,
} from '@engram/infra';
import { createTocFromConfig, drainSpool, registerTocJobs, requestTocBuild, type ConversationEvent, type TocService } from '@engram/conversation';
import { createGate, loadPolicy, rateLimitFrom, type Gate, type RateLimiter } from '@engram/librarian';
import { consolidationRuleOf, extractEntities, LearningRepository, sweepSchedulesOf, sweepTunablesOf, learningStats, lifecycleFromSettings, type LifecycleDb } from '@engram/lifecycle';
import { createTypeRegistry, RecordReader, type TypeRegistry } from '@engram/memory';
import {
  createCascadeReviewQueue, createEmbeddingIndexer, createPageRankGraphExpander, createRetrievalPipeline, createSearchService, registerEmbeddingJobs, requestEmbedding,
  touchMemories, type EmbeddingIndexer,
} from '@engram/retrieval';
import type { Kysely } from 'kysely';
import type { HealthProbe, HealthReport, Runtime } from './health-report.js';
import { createMetricsExporter, type MetricsExporter } from './metrics/lifecycle-metrics.js';
import { registerSweepJobs } from './sweep-jobs.js';
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

/** A missed request (a crash between commit and send, a CLI without a server) waits at most this long (issue 18: was 30 s). */
const EMBEDDING_SWEEP_MS = 5_000;
/** How often the TOC builder looks at the outbox (hooks and the CLI append events without a queue). */
const TOC_SWEEP_MS = 5_000;
/** How often the embedded database's planner statistics are checked (PGlite has no autovacuum). */
const STATISTICS_SWEEP_MS = 60_000;

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
 * runs keyword-only), the job queue with the embedding worker, the gate and search, and composes
 * the memory service. Fails fast on the database and migrations; closes what it opened on failure.
 */
export async function composeRuntime(config: EngramConfig, { log }: ComposeOptions): Promise<MemoryRuntime> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, home: config.home });
  try {
    // Owners (and PGlite) migrate; a service login only checks and refuses a pending schema (ADR-0026).
    const { applied } = await prepareSchema(handle);
    if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
    const { embedder, error: modelError } = await openEmbedder(config, log);
    const queue = createJobQueue(handle, {}, { schedules: true });
    await queue.start();
    const indexer = embedder ? createEmbeddingIndexer({ db: handle.db, embedder, batchSize: config.embedBatchSize }) : null;
    if (indexer) await registerEmbeddingJobs(queue, indexer);
    // Conversation TOC (SPEC 6): the build-toc job consumes the event outbox in this process.
    const { toc, attachFormation } = composeToc(config, handle, embedder, log);
    await registerTocJobs(queue, toc);
    const gates: Gate[] = [];
    const limits = composeRateLimiter(config, handle.db, log);
    const service = await composeService(config, handle, embedder, queue, log, toc, { gates, rateLimiter: limits.limiter });
    attachFormation(service);
    const lifecycle = await composeLifecycle(config, handle, indexer, queue, log, gates);
    // Catch up on a backlog (previous runs, CLI imports/approvals) now and then periodically; the
    // job is a singleton, so a sweep while a run is queued costs one dropped insert.
    const sweep = indexer ? setInterval(() => void requestEmbedding(queue).catch(() => undefined), EMBEDDING_SWEEP_MS) : undefined;
    sweep?.unref();
    // Queue a build only when there is work, so an idle server does not fill pg-boss with empty runs.
    const tocSweep = setInterval(() => void toc.hasBuildWork().then((work) => (work ? requestTocBuild(queue) : null)).catch(() => undefined), TOC_SWEEP_MS);
    tocSweep.unref();
    const statsSweep = handle.backend === 'pglite' ? keepStatisticsFresh(handle, log) : undefined;
    void requestTocBuild(queue).catch(() => undefined);
    if (indexer) void requestEmbedding(queue).catch(() => undefined);
    drainHookSpool(config, service, log);
    const health = healthProbe({ config, handle, service, indexer, embedder, modelError, toc });
    const runtime: Runtime = {
      async close() {
        if (sweep) clearInterval(sweep);
        clearInterval(tocSweep);
        if (statsSweep) clearInterval(statsSweep);
        await limits.stop();
        await stopQueue(queue, log);
        await embedder?.close().catch(() => undefined);
        await handle.close();
      },
    };
    return { service, health, runtime, db: handle.db as Kysely<unknown>, lifecycle, keys: createKeyVerifier(handle.db, (id) => limits.markTrusted(id)) };
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

/**
 * Embedded mode only: a Postgres server's autovacuum keeps planner statistics fresh, PGlite has
 * no background workers, so this process does it (ADR-0016). A check costs one catalog query.
 */
function keepStatisticsFresh(handle: DatabaseHandle, log: ComposeOptions['log']): NodeJS.Timeout {
  const check = () => void refreshStatistics(handle.db)
    .then((analysed) => (analysed.length ? log(`statistics refreshed: ${analysed.join(', ')}`) : undefined))
    .catch((err: unknown) => log(`statistics not refreshed: ${String(err)}`));
  check();
  const timer = setInterval(check, STATISTICS_SWEEP_MS);
  timer.unref();
  return timer;
}

/**
 * The TOC. With conversation formation on (`ENGRAM_CONVERSATION_FORMATION`, ADR-0014), the events
 * its builder takes off the outbox also go through the decision engine, once the service exists.
 */
function composeToc(config: EngramConfig, handle: DatabaseHandle, embedder: EmbeddingProvider | null, log: ComposeOptions['log']) {
  const enabled = lifecycleFromSettings(config.lifecycle).conversationFormation;
  let form: ((events: readonly ConversationEvent[]) => Promise<unknown>) | undefined;
  const toc = createTocFromConfig(config, handle.db, embedder, log, enabled ? async (events) => void (await form?.(events)) : undefined);
  const attachFormation = (service: MemoryService) => {
    if (enabled) form = createConversationFormation(service.formImplicit, log);
  };
  return { toc, attachFormation };
}

/** The gate, search, the retrieval pipeline (with its cascade review queue) and the memory service over them. */
async function composeService(
  config: EngramConfig, handle: DatabaseHandle, embedder: EmbeddingProvider | null, queue: JobQueue, log: ComposeOptions['log'], toc: TocService,
  shared: { gates: Gate[]; rateLimiter: RateLimiter },
): Promise<MemoryService> {
  const policy = await loadPolicy(existsSync(config.policyFile) ? { path: config.policyFile } : {});
  // One registry for the gate, retrieval and the decision engine: they must agree on half-lives.
  const lifecycle = lifecycleFromSettings(config.lifecycle);
  const registry = createTypeRegistry(lifecycle.typeOverrides);
  const learning = new LearningRepository(handle.db, lifecycle.config);
  const search = createSearchService({ db: handle.db, embedder });
  const cascadeReviews = createCascadeReviewQueue(handle.db);
  const retrieval = createRetrievalPipeline({
    db: handle.db, embedder, search, reviewQueue: cascadeReviews, graph: createPageRankGraphExpander({ db: handle.db }), registry,
    decayFactors: (ids) => learning.usefulness(ids),
    onReviewQueueError: (err) => log(`queueing a cascade review failed: ${String(err)}`),
  });
  const gate = createGate({ db: handle.db, registry, policy, limits: { rate: rateLimitFrom(config.rateLimit) }, rateLimiter: shared.rateLimiter });
  shared.gates.push(gate);
  return createMemoryService({
    gate,
    reader: new RecordReader(handle.db),
    search,
    retrieval,
    cascadeReviews,
    access: { touch: (ids) => touchMemories(handle.db, ids) },
    // The Researcher answers deterministically unless an OpenAI-compatible endpoint is configured.
    ...(config.llmUrl && config.llmModel
      ? { synthesiser: createOpenAiSynthesiser({ chat: createOpenAiChat({ baseUrl: config.llmUrl, model: config.llmModel, ...(config.llmApiKey ? { apiKey: config.llmApiKey } : {}) }) }) }
      : {}),
    indexing: { request: () => requestEmbedding(queue) },
    onIndexingError: (err) => log(`embedding request failed: ${String(err)}`),
    workDb: handle.db,
    lifecycle: { config: lifecycle.config, registry, log },
    toc,
    conversationMode: config.conversationMode,
  });
}

/**
 * Delivers hook events spooled while the database was unreachable (ADR-0012), in the background:
 * start-up does not wait, and a failure leaves the spool for the next hook call or start.
 */
function drainHookSpool(config: EngramConfig, service: MemoryService, log: ComposeOptions['log']): void {
  void drainSpool(config.home, (events) => service.conversation.appendMapped(events))
    .then((r) => {
      if (r.events > 0) log(`hook spool drained: ${r.events} event(s), ${r.inserted} new, ${r.duplicates} already stored, ${r.rejected} rejected`);
    })
    .catch((err: unknown) => log(`hook spool not drained: ${String(err)}`));
}

/** Sweeps archive and consolidate at this many gate writes per second at most (their own bucket; the throttle in the sweeps keeps them gentler). */
const SWEEPER_RATE = { capacity: 200, refillPerSecond: 200 };

const halfLifeOf = (registry: TypeRegistry) => (type: string) => (registry.has(type) ? registry.get(type).halfLifeDays : 138);

/**
 * The lifecycle sweeps on a gate of their own: same policy and commit path, but a rate bucket sized
 * for maintenance, so a sweep neither starves agents' writes of the shared bucket nor is starved.
 */
async function composeLifecycle(
  config: EngramConfig, handle: DatabaseHandle, indexer: EmbeddingIndexer | null, queue: JobQueue, log: ComposeOptions['log'], gates: Gate[],
): Promise<MemoryRuntime['lifecycle']> {
  // The same registry (half-life overrides) and usefulness factors as retrieval: a memory is archived exactly when ranking sees it faded.
  const settings = lifecycleFromSettings(config.lifecycle);
  const registry = createTypeRegistry(settings.typeOverrides);
  const learning = new LearningRepository(handle.db, settings.config);
  const policy = await loadPolicy(existsSync(config.policyFile) ? { path: config.policyFile } : {});
  const gate = createGate({ db: handle.db, registry, policy, limits: { rate: SWEEPER_RATE } });
  gates.push(gate);
  const halfLifeDays = halfLifeOf(registry);
  const decayFactors = (ids: readonly string[]) => learning.usefulness(ids);
  const sweeps = createLifecycleSweeps({
    gate, db: handle.db, halfLifeDays, decayFactors, extractEntities, ...(indexer ? { reembed: indexer } : {}),
    options: { ...sweepTunablesOf(settings.sweeps), consolidation: consolidationRuleOf(settings.config) },
  });
  const stats = () => collectLifecycleStats({
    db: handle.db, halfLifeDays, decayFactors, ...(settings.sweeps.archiveThreshold ? { archiveThreshold: settings.sweeps.archiveThreshold } : {}), learning: () => learningStats(handle.db as unknown as LifecycleDb, { config: settings.config }),
  });
  const backlog = indexer ? async () => ({ pending: await indexer.countPendingEmbeddings(), oldestAgeSeconds: await indexer.oldestPendingAgeSeconds() }) : undefined;
  const metrics = createMetricsExporter(stats, () => sumCounts(gates.map((g) => g.layer1Rejections())), backlog);
  await registerSweepJobs(queue, sweeps, log, {
    schedules: sweepSchedulesOf(settings.sweeps), withoutWorker: indexer ? [] : ['reembed'], onReport: (r) => metrics.observeSweep(r),
  });
  return { sweeps, stats, metrics };
}

function sumCounts(counts: ReadonlyArray<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of counts) for (const [k, n] of Object.entries(c)) out[k] = (out[k] ?? 0) + n;
  return out;
}

async function stopQueue(queue: JobQueue, log: ComposeOptions['log']): Promise<void> {
  await queue.stop().catch((e: unknown) => log(`job queue stop failed: ${String(e)}`));
}

interface ProbeParts {
  config: EngramConfig;
  handle: DatabaseHandle;
  service: MemoryService;
  indexer: EmbeddingIndexer | null;
  embedder: EmbeddingProvider | null;
  modelError: string | undefined;
  toc: TocService;
}

function healthProbe({ config, handle, service, indexer, embedder, modelError, toc }: ProbeParts): HealthProbe {
  return {
    async report(): Promise<HealthReport> {
      const db = await handle.ping().then(() => ({ ok: true }), (e: unknown) => ({ ok: false, error: String(e) }));
      const pendingGate = db.ok ? await service.gate.pendingCount().catch(() => null) : null;
      const pendingEmb = db.ok && indexer ? await indexer.countPendingEmbeddings().catch(() => null) : null;
      const oldestEmb = db.ok && indexer ? await indexer.oldestPendingAgeSeconds().catch(() => null) : null;
      const pendingToc = db.ok ? await toc.pendingOutbox().catch(() => null) : null;
      return {
        status: !db.ok ? 'down' : embedder ? 'ok' : 'degraded',
        database: { ...db, backend: handle.backend, location: handle.location },
        model: { ok: embedder !== null, name: config.modelName, dir: config.modelDir, ...(modelError ? { error: modelError } : {}) },
        embeddings: { pending: pendingEmb, oldestAgeSeconds: oldestEmb },
        gate: { pending: pendingGate },
        conversation: { pendingOutbox: pendingToc },
        config: summarizeConfig(config),
      };
    },
  };
}

