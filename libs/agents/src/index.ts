/*
 * Public API of @engram/agents: the use cases the apps call. Any new export added here becomes
 * public API. Named exports only.
 */
export { createMemoryService } from './memory-service.js';
export type { MemoryService, MemoryServiceDeps, RememberInput, ReplacementInput } from './memory-service.js';
export type { CallContext } from './scope-context.js';
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
export type { OpenAiSynthesiserOptions } from './researcher/openai-synthesiser.js';
export type { ExportLine } from './transfer.use-cases.js';
export type { ApproveAllFilter } from './review.use-cases.js';
export { parseExportLine } from './transfer.use-cases.js';
export type {
  AccessPort, ActorRef, CreateRecordInput, GateOutcomeView, GatePort, GateRequestState, GateRequestView, IndexingPort, ReaderPort,
  CascadeReviewPort, RecordPatchInput, RetrievalPort, SearchHitView, SearchMode, SearchPort, WriteRequestInput,
} from './ports.js';
export { databaseOutage } from './database-outage.js';
export { AgentsError, InvalidImportLineError, InvalidInputError, ScopeNotVisibleError } from './errors.js';
export type { AgentsErrorCode } from './errors.js';
