/*
 * Public API of @engram/agents: the use cases the apps call. Any new export added here becomes
 * public API. Named exports only.
 */
export { createMemoryService } from './memory-service.js';
export type { MemoryServiceDeps } from './memory-service.js';
export type { WorkDb } from './work-db.js';
export type {
  CascadeUseCases, Capability, ContinuityUseCases, ConversationCapability, LifecycleUseCases, MemoryService, MemoryUseCases, RememberInput,
  ReplacementInput, RetrievalUseCases, ReviewUseCases, UseCases,
} from './use-cases.js';
export { useCaseSlices, sliceFor } from './use-case-slices.js';
export type { UseCaseSlices } from './use-case-slices.js';
// The loopback / Host / Origin rules of the HTTP apps (MCP server, A2A server, inspector), shared (issue 38).
export { assertSafeBinding, bearerOf, hostnameOf, hostOriginProblem, isLoopback, safeEqual } from './http-access.js';
export type { HostOriginPolicy } from './http-access.js';
export type { CallContext } from './scope-context.js';
export type { ProgressListener, ProgressOptions } from './progress.js';
export { resolveReadScopes, resolveWriteScope } from './scope-context.js';
export type { StoreInput, StoreResult, ChangeResult, SupersedeOptions } from './write.use-cases.js';
export type { ListInput, SearchInput, SearchOutput } from './read.use-cases.js';
export type { RecallInput, RecallOutput, RetrieveInput } from './retrieve.use-cases.js';
export type { RecallItem } from './recall-item.js';
export { createResearcher, MAX_ATTEMPTS, needsRetry } from './researcher/researcher.js';
export type { ResearchAttempt, ResearchInput, ResearchOutput, RetrieveFn } from './researcher/researcher.js';
export { planResearch } from './researcher/research-plan.js';
export type { ResearchPlan } from './researcher/research-plan.js';
export { parseTimeRange } from './researcher/time-range.js';
export type { TimeRange } from './researcher/time-range.js';
export { deterministicSummary, deterministicSynthesiser } from './researcher/synthesiser.js';
export type { AnswerSynthesiser, SynthesisInput } from './researcher/synthesiser.js';
export { createOpenAiSynthesiser } from './researcher/openai-synthesiser.js';
export type { ChatPort, OpenAiSynthesiserOptions } from './researcher/openai-synthesiser.js';
export type { ExportLine } from './transfer.use-cases.js';
export type { ApproveAllFilter, GateReviewUseCases } from './review.use-cases.js';
export { parseExportLine } from './transfer.use-cases.js';
export type {
  AccessPort, ActorRef, CreateRecordInput, GateOutcomeView, GatePort, GateRequestState, GateRequestView, IndexingPort, ReaderPort,
  CascadeReviewPort, RecordLinkInput, RecordPatchInput, RetrievalPort, SearchHitView, SearchMode, SearchPort, WriteRequestInput,
} from './ports.js';
export { databaseOutage } from './database-outage.js';
export { mapCodedError } from './coded-error.js';
export type { MappedError } from './coded-error.js';
// Work continuity (SPEC 8, seed 004): PRD executions and thinking chains.
export { PRD_EVENT_TYPES, PRD_STATUSES } from './continuity/prd-model.js';
export type { FormedMemory, PrdDecision, PrdEvent, PrdEventType, PrdExecution, PrdProgress, PrdStatus } from './continuity/prd-model.js';
export { CHAIN_STATUSES } from './continuity/chain-model.js';
export type { ChainExtraction, ChainStatus, ThinkingChain, Thought } from './continuity/chain-model.js';
export { applyEvent, materialiseProgress } from './continuity/progress.js';
export type { PrdContext } from './continuity/prd-context.js';
export type { AppendResult, PrdUseCases } from './continuity/prd.use-cases.js';
export type { CompactionReport } from './continuity/prd-compaction.js';
export type { ContextRequest, PrdDecisionInput, PrdEventInput, StartPrdInput, StartPrdResult } from './continuity/prd-inputs.js';
export type { ChainUseCases, FinishInput, RecalledChain, StartChainInput, ThoughtInput } from './continuity/chain.use-cases.js';
export type { FormationPort, MemoryCandidate } from './continuity/formation.js';
export type { ContinuityDatabase, ContinuityDb } from './continuity/continuity-tables.js';
export {
  AgentsError, ChainNotActiveError, ChainNotFoundError, DuplicateEventError, EventOutOfOrderError, InvalidImportLineError, InvalidInputError,
  InvalidThoughtError, InvalidTransitionError, PrdClosedError, PrdNotFoundError, ScopeNotVisibleError,
} from './errors.js';
export type { AgentsErrorCode } from './errors.js';
// Lifecycle (SPEC 7): implicit formation through the decision engine, outcome feedback.
export type { ImplicitEventInput, ImplicitFormationResult } from './lifecycle/implicit-formation.js';
export type { FeedbackInput, FeedbackItem, FeedbackOutput } from './lifecycle/feedback.use-case.js';
export { MAX_FEEDBACK_IDS } from './lifecycle/feedback.use-case.js';
export type { LifecycleOptions } from './lifecycle/lifecycle-use-cases.js';
// Conversation TOC (SPEC 6, seed 002): per-project navigation, search, memory context, admin.
export type { TocBuildTotal, TocUseCases } from './conversation/toc.use-cases.js';
// Conversation memory (SPEC 6, seed 002): ingestion into the append-only event log.
export { MAX_INGEST_BATCH } from './conversation/conversation.use-cases.js';
export type { ConversationUseCases, IngestInput, IngestResult } from './conversation/conversation.use-cases.js';
// Lifecycle (SPEC 7): conversation events judged by the decision engine (opt-in, ADR-0014).
export { CONVERSATION_FORMATION_ACTOR, createConversationFormation, implicitEventOf } from './lifecycle/conversation-formation.js';
export type { ConversationFormationReport } from './lifecycle/conversation-formation.js';
// Lifecycle (SPEC 7): the sweeps (archive, consolidate, reembed) through the gate, and their stats.
export { createLifecycleSweeps, DEFAULT_SWEEP_OPTIONS } from './lifecycle/lifecycle-sweeps.js';
export type { LifecycleSweepDeps, LifecycleSweeps, ReembedPort, SweepReport } from './lifecycle/lifecycle-sweeps.js';
export { SWEEPER } from './lifecycle/sweep-context.js';
export type { SweepOptions } from './lifecycle/sweep-context.js';
export { collectLifecycleStats } from './lifecycle/lifecycle-stats.js';
export type { LifecycleStats, LifecycleStatsDeps } from './lifecycle/lifecycle-stats.js';
