import type { ConversationMode, TocService } from '@engram/conversation';
import { createConversationUseCases } from './conversation/conversation.use-cases.js';
import { createWorkContinuity } from './continuity/work-continuity.js';
import { createTocUseCases } from './conversation/toc.use-cases.js';
import type { FormationPort } from './continuity/formation.js';
import { createLifecycleUseCases, type LifecycleOptions } from './lifecycle/lifecycle-use-cases.js';
import type { AccessPort, CascadeReviewPort, GateOutcomeView, GatePort, IndexingPort, ReaderPort, RetrievalPort, SearchPort } from './ports.js';
import { createReadUseCases } from './read.use-cases.js';
import { createResearcher } from './researcher/researcher.js';
import type { AnswerSynthesiser } from './researcher/synthesiser.js';
import { createRetrieveUseCases } from './retrieve.use-cases.js';
import { createReviewUseCases } from './review.use-cases.js';
import type { CallContext } from './scope-context.js';
import { createTransferUseCases } from './transfer.use-cases.js';
import type { RecordPatchInput } from './ports.js';
import type { CascadeUseCases, MemoryService, MemoryUseCases, RememberInput, ReplacementInput } from './use-cases.js';
import type { WorkDb } from './work-db.js';
import { createWriteUseCases, type ChangeResult, type StoreResult, type SupersedeOptions, type WriteUseCases } from './write.use-cases.js';

/** What {@link createMemoryService} composes; the app's composition root builds these. */
export interface MemoryServiceDeps {
  gate: GatePort;
  reader: ReaderPort;
  search: SearchPort;
  /** The validated retrieval pipeline behind retrieve, validate, recall and research. */
  retrieval: RetrievalPort;
  access: AccessPort;
  /** Memories flagged because a source went stale; absent, `cascades` lists nothing. */
  cascadeReviews?: CascadeReviewPort;
  /** How the Researcher phrases its answer; deterministic (no network) when absent. */
  synthesiser?: AnswerSynthesiser;
  /** Absent (e.g. no job queue in a one-shot CLI): vectors are filled by the next server run. */
  indexing?: IndexingPort;
  /** Where a failed embedding request is reported (it never fails the write). */
  onIndexingError?: (err: unknown) => void;
  /** The shared database: work continuity (PRD executions, thinking chains; SPEC 8), the lifecycle's and the conversation log's tables. */
  workDb: WorkDb;
  /** How many hot PRD contexts stay cached in process (default 100). */
  prdCacheSize?: number;
  /** Where implicit memories from PRD events and chains go (default: the decision engine, then the gate). */
  formation?: FormationPort;
  /** Decision engine config, the type registry its half-lives come from, where skips are logged. */
  lifecycle?: LifecycleOptions;
  /** The conversation TOC (SPEC 6); absent, the toc use cases say it is not available. */
  toc?: TocService;
  /** Multi-agent mode of the conversation log (STOR-06); default `unified`. Its tables live in workDb. */
  conversationMode?: ConversationMode;
}

/** Wraps the gate so every committed write asks for embeddings (new text is keyword-searchable at once). */
function withIndexing(gate: GatePort, deps: MemoryServiceDeps): GatePort {
  const indexing = deps.indexing;
  if (!indexing) return gate;
  const after = (o: GateOutcomeView): GateOutcomeView => {
    if (o.status === 'committed') indexing.request().catch((err) => deps.onIndexingError?.(err));
    return o;
  };
  return {
    submit: async (req, actor) => after(await gate.submit(req, actor)),
    submitBatch: async (reqs, actor) => (await gate.submitBatch(reqs, actor)).map(after),
    getRequest: (id) => gate.getRequest(id),
    listRequests: (f) => gate.listRequests(f),
    approve: async (id, reviewer) => after(await gate.approve(id, reviewer)),
    reject: (id, reviewer, reason) => gate.reject(id, reviewer, reason),
    approveAll: async (f, reviewer) => (await gate.approveAll(f, reviewer)).map(after),
    alreadyImported: (req) => gate.alreadyImported(req),
  };
}

/** PRD tracking and thinking chains over the same gate-backed store as every other write. */
function workContinuityOf(deps: MemoryServiceDeps, store: MemoryUseCases['store'], formation: FormationPort) {
  return createWorkContinuity({
    db: deps.workDb, search: deps.search, store, formation,
    ...(deps.prdCacheSize !== undefined ? { prdCacheSize: deps.prdCacheSize } : {}),
  });
}

/** Operator view of the cascade review queue (empty when no queue is wired). */
function cascadeUseCases(port: CascadeReviewPort | undefined): CascadeUseCases {
  return {
    list: (limit?: number) => port?.listOpen(limit) ?? Promise.resolve([]),
    resolve: (memoryId: string, ctx: CallContext) => port?.resolve(memoryId, ctx.actor) ?? Promise.resolve(0),
  };
}

/**
 * The use cases behind the MCP tools and the admin CLI. Every write is a gate request; every read
 * is confined to the caller's scopes (`global` + the session or requested scope; admins see all).
 * Errors are the domain libs' coded errors plus `@engram/agents` errors.
 */
export function createMemoryService(deps: MemoryServiceDeps): MemoryService {
  const gate = withIndexing(deps.gate, deps);
  const reads = createReadUseCases(deps.reader, deps.search);
  const retrieval = createRetrieveUseCases(deps.retrieval, deps.access, deps.toc);
  const writes = createWriteUseCases(gate);
  const transfer = createTransferUseCases(deps.reader, gate);
  // Changes to an existing record first prove the caller can see it (no cross-scope writes).
  const visible = (id: string, ctx: CallContext) => reads.get(id, ctx);
  const lifecycle = createLifecycleUseCases(deps.workDb, writes.store, visible, deps.lifecycle);
  const work = workContinuityOf(deps, writes.store, deps.formation ?? lifecycle.formation);

  return {
    get: reads.get,
    history: reads.history,
    list: reads.list,
    knownScopes: reads.knownScopes,
    search: reads.search,
    recall: retrieval.recall,
    retrieve: retrieval.retrieve,
    validate: retrieval.validate,
    research: createResearcher(retrieval.retrieve, deps.synthesiser),
    store: writes.store,
    storeBatch: writes.storeBatch,
    remember(input: RememberInput, ctx: CallContext): Promise<StoreResult> {
      // Unlabelled explicit memories are facts: the type with the plainest default policy.
      return writes.store({ ...input, type: input.type ?? 'fact' }, ctx);
    },
    ...changesOfVisibleRecords(writes, visible),
    gate: createReviewUseCases(gate),
    prd: work.prd, // PRD execution tracking (seed 004)
    chains: work.chains, // thinking chains (seed 004)
    toc: createTocUseCases(deps.toc), // conversation TOC, grips and memory context (SPEC 6)
    cascades: cascadeUseCases(deps.cascadeReviews),
    ...lifecycle.api, // formImplicit (decision engine, SPEC 7), feedback (stage 3 learning), decisionEngine
    // Conversation memory (SPEC 6): the event log fed by agent hooks and events.ingest.
    conversation: createConversationUseCases({ db: deps.workDb, mode: deps.conversationMode ?? 'unified' }),
    exportAll: transfer.exportAll.bind(transfer),
    countAll: transfer.countAll.bind(transfer),
    importLine: transfer.importLine,
  };
}

/** Changes to an existing record: each first proves the caller can see it (no cross-scope writes). */
function changesOfVisibleRecords(
  writes: WriteUseCases, visible: MemoryUseCases['get'],
): Pick<MemoryUseCases, 'forget' | 'invalidate' | 'update' | 'supersede' | 'archive' | 'promote' | 'reinforce'> {
  return {
    async forget(id: string, ctx: CallContext, reason?: string): Promise<ChangeResult> {
      await visible(id, ctx);
      return writes.forget(id, ctx, reason);
    },
    async invalidate(id: string, reason: string, ctx: CallContext): Promise<ChangeResult> {
      await visible(id, ctx);
      return writes.invalidate(id, reason, ctx);
    },
    async update(id: string, patch: RecordPatchInput, expectedVersion: number | undefined, ctx: CallContext): Promise<ChangeResult> {
      await visible(id, ctx);
      return writes.update(id, patch, expectedVersion, ctx);
    },
    async supersede(id: string, replacement: ReplacementInput, ctx: CallContext, opts: SupersedeOptions = {}): Promise<StoreResult> {
      const old = await visible(id, ctx);
      return writes.supersede(id, { ...replacement, type: replacement.type ?? old.type, scope: replacement.scope ?? old.scope }, ctx, opts);
    },
    async archive(id: string, ctx: CallContext, reason?: string): Promise<ChangeResult> {
      await visible(id, ctx);
      return writes.archive(id, ctx, reason);
    },
    async promote(id: string, ctx: CallContext): Promise<ChangeResult> {
      await visible(id, ctx);
      return writes.promote(id, ctx);
    },
    async reinforce(id: string, ctx: CallContext): Promise<ChangeResult> {
      await visible(id, ctx);
      return writes.reinforce(id, ctx);
    },
  };
}
