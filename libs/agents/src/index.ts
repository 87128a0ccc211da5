/*
 * Public API of @engram/agents: the use cases the apps call. Any new export added here becomes
 * public API. Named exports only.
 */
export { createMemoryService } from './memory-service.js';
export type { MemoryService, MemoryServiceDeps, RememberInput, ReplacementInput } from './memory-service.js';
export type { CallContext } from './scope-context.js';
export { resolveReadScopes, resolveWriteScope } from './scope-context.js';
export type { StoreInput, StoreResult, ChangeResult, SupersedeOptions } from './write.use-cases.js';
export type { ListInput, SearchInput, SearchOutput, RecallInput, RecallOutput } from './read.use-cases.js';
export type { RecallItem, BudgetedRecall } from './recall-budget.js';
export { fitToBudget, estimateTokens } from './recall-budget.js';
export type { ExportLine } from './transfer.use-cases.js';
export type { ApproveAllFilter } from './review.use-cases.js';
export { parseExportLine } from './transfer.use-cases.js';
export type {
  AccessPort, ActorRef, CreateRecordInput, GateOutcomeView, GatePort, GateRequestState, GateRequestView, IndexingPort, ReaderPort,
  RecordLinkInput, RecordPatchInput, SearchHitView, SearchMode, SearchPort, WriteRequestInput,
} from './ports.js';
export { databaseOutage } from './database-outage.js';
export { AgentsError, InvalidImportLineError, InvalidInputError, ScopeNotVisibleError } from './errors.js';
export type { AgentsErrorCode } from './errors.js';
