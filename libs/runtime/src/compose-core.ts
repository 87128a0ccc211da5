import { existsSync } from 'node:fs';
import {
  collectLifecycleStats, createConversationFormation, createLifecycleSweeps, createMemoryService, createOpenAiSynthesiser,
  type IndexingPort, type LifecycleStats, type LifecycleSweeps, type MemoryService, type ReembedPort,
} from '@engram/agents';
import { createTocFromConfig, type ConversationEvent, type TocService } from '@engram/conversation';
import { createOpenAiChat, type DatabaseHandle, type EmbeddingProvider, type EngramConfig } from '@engram/infra';
import { loadPolicy, type GateOptions, type GatePolicy } from '@engram/librarian';
import {
  consolidationRuleOf, extractEntities, LearningRepository, learningStats, lifecycleFromSettings, sweepTunablesOf, type LifecycleSettings,
} from '@engram/lifecycle';
import { createTypeRegistry, RecordReader, type TypeRegistry } from '@engram/memory';
import {
  createCascadeReviewQueue, createEmbeddingIndexer, createPageRankGraphExpander, createRetrievalPipeline, createSearchService, touchMemories,
  type CascadeReviewQueue, type EmbeddingIndexer, type RetrievalPipeline, type SearchService,
} from '@engram/retrieval';
import { composeGates, type Gates } from './compose-gates.js';

/** What {@link composeCore} may be given beyond the config and the open database. */
export interface CoreOptions {
  /** The loaded model; absent or null, search and the TOC run keyword-only and nothing is embedded here. */
  embedder?: EmbeddingProvider | null;
  /** How a committed write asks for vectors (a job queue in a server); absent, the next server sweep finds them. */
  indexing?: IndexingPort;
  /** The agents' gate limiter (a server shares its buckets through the database); default: per process, from the config. */
  rateLimiter?: GateOptions['rateLimiter'];
  /** Warnings and failures of background-ish work (never stdout: stdio MCP owns it). Default: stderr. */
  log?: (message: string) => void;
}

/** The lifecycle sweeps, on the sweeper's own gate, and the numbers /metrics and `engram stats` show. */
export interface CoreLifecycle {
  /** The sweeps, re-embedding through the core's indexer when a model is loaded. */
  sweeps: LifecycleSweeps;
  /** The same sweeps re-embedding through `reembed` (the CLI loads the model for that one sweep). */
  sweepsWith(reembed: ReembedPort): LifecycleSweeps;
  stats(): Promise<LifecycleStats>;
  /** Layer 1 rejections of the agents' gate and the sweeper's gate, summed per code. */
  layer1Rejections(): Record<string, number>;
}

/**
 * The memory core of one process, each object built once: the servers and the admin CLI compose
 * the same graph; only what runs in the background differs ({@link startBackground}).
 */
export interface Core {
  readonly config: EngramConfig;
  readonly handle: DatabaseHandle;
  readonly embedder: EmbeddingProvider | null;
  readonly policy: GatePolicy;
  /** One registry for the gate, retrieval, the decision engine and the sweeps: they agree on half-lives. */
  readonly registry: TypeRegistry;
  readonly learning: LearningRepository;
  readonly settings: LifecycleSettings;
  readonly search: SearchService;
  readonly cascadeReviews: CascadeReviewQueue;
  readonly retrieval: RetrievalPipeline;
  /** The embedding indexer over the loaded model; null without one. */
  readonly indexer: EmbeddingIndexer | null;
  readonly toc: TocService;
  readonly service: MemoryService;
  readonly gates: Gates;
  readonly lifecycle: CoreLifecycle;
  readonly log: (message: string) => void;
  /** Lets go of what the core holds outside the database handle (the librarian's connections). */
  close(): void;
}

const stderrLog = (message: string) => void process.stderr.write(`${message}\n`);

/**
 * Builds the memory core over an open, migrated database: policy, type registry, learning
 * repository, the agents' gate and the sweeper's gate, search, cascade queue, retrieval pipeline,
 * TOC, memory service, sweeps and stats. Starts nothing: no timer, worker or queue.
 */
export async function composeCore(config: EngramConfig, handle: DatabaseHandle, options: CoreOptions = {}): Promise<Core> {
  const log = options.log ?? stderrLog;
  const embedder = options.embedder ?? null;
  const db = handle.db;
  const policy = await loadPolicy(existsSync(config.policyFile) ? { path: config.policyFile } : {});
  const settings = lifecycleFromSettings(config.lifecycle);
  const registry = createTypeRegistry(settings.typeOverrides);
  const learning = new LearningRepository(db, settings.config);
  const decayFactors = (ids: readonly string[]) => learning.usefulness(ids);
  const search = createSearchService({ db, embedder });
  const cascadeReviews = createCascadeReviewQueue(db);
  const retrieval = createRetrievalPipeline({
    db, embedder, search, reviewQueue: cascadeReviews, graph: createPageRankGraphExpander({ db }), registry, decayFactors,
    decayFactorTable: LearningRepository.FACTOR_TABLE,
    onReviewQueueError: (err) => log(`queueing a cascade review failed: ${String(err)}`),
  });
  // Local gates, or the librarian's over its socket when configured (ADR-0047).
  const gates = composeGates(config, db, { registry, policy, ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}) });
  const indexer = embedder ? createEmbeddingIndexer({ db, embedder, batchSize: config.embedBatchSize }) : null;
  const toc = tocWithFormation(config, handle, embedder, log, settings.conversationFormation);
  const service = createMemoryService({
    gate: gates.agents,
    reader: new RecordReader(db),
    search,
    retrieval,
    cascadeReviews,
    access: { touch: (ids) => touchMemories(db, ids) },
    // The Researcher answers deterministically unless an OpenAI-compatible endpoint is configured.
    ...(config.llmUrl && config.llmModel
      ? { synthesiser: createOpenAiSynthesiser({ chat: createOpenAiChat({ baseUrl: config.llmUrl, model: config.llmModel, ...(config.llmApiKey ? { apiKey: config.llmApiKey } : {}) }) }) }
      : {}),
    ...(options.indexing ? { indexing: options.indexing } : {}),
    onIndexingError: (err) => log(`embedding request failed: ${String(err)}`),
    workDb: db,
    lifecycle: { config: settings.config, registry, learning, log },
    toc: toc.service,
    conversationMode: config.conversationMode,
  });
  toc.attach(service);
  const halfLifeDays = (type: string) => registry.halfLifeDays(type);
  const sweepsWith = (reembed: ReembedPort | null) => createLifecycleSweeps({
    gate: gates.sweeper, db, halfLifeDays, decayFactors, extractEntities, ...(reembed ? { reembed } : {}),
    options: { ...sweepTunablesOf(settings.sweeps), consolidation: consolidationRuleOf(settings.config) },
  });
  const lifecycle: CoreLifecycle = {
    sweeps: sweepsWith(indexer),
    sweepsWith,
    stats: () => collectLifecycleStats({
      db, halfLifeDays, decayFactors, ...(settings.sweeps.archiveThreshold ? { archiveThreshold: settings.sweeps.archiveThreshold } : {}),
      learning: () => learningStats(db, { config: settings.config }),
    }),
    layer1Rejections: () => sumCounts([gates.agents.layer1Rejections(), gates.sweeper.layer1Rejections()]),
  };
  return {
    config, handle, embedder, policy, registry, learning, settings, search, cascadeReviews, retrieval, indexer, toc: toc.service, service, gates, lifecycle, log,
    close: () => gates.close(),
  };
}

/**
 * The TOC. With conversation formation on (`ENGRAM_CONVERSATION_FORMATION`, ADR-0014), the events
 * its builder takes off the outbox also go through the decision engine, once the service exists.
 */
function tocWithFormation(config: EngramConfig, handle: DatabaseHandle, embedder: EmbeddingProvider | null, log: (m: string) => void, enabled: boolean) {
  let form: ((events: readonly ConversationEvent[]) => Promise<unknown>) | undefined;
  const service = createTocFromConfig(config, handle.db, embedder, log, enabled ? async (events) => void (await form?.(events)) : undefined);
  const attach = (memory: MemoryService) => {
    if (enabled) form = createConversationFormation(memory.formImplicit, log);
  };
  return { service, attach };
}

function sumCounts(counts: ReadonlyArray<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of counts) for (const [k, n] of Object.entries(c)) out[k] = (out[k] ?? 0) + n;
  return out;
}
