/*
 * @engram/conversation: conversation memory (SPEC 6, seed 002). The append-only event log fed by
 * agent hooks, the time-hierarchy TOC (Year > Month > Week > Day > Segment), grips that tie summary
 * bullets to the events behind them, and the summarisers. Any new export here is public API.
 */
// Event log (conv-log)
export { CONVERSATION_EVENT_KINDS, CONVERSATION_ROLES, isConversationEventKind } from './log/event-model.js';
export type { ConversationEvent, ConversationEventKind, ConversationRole, NewConversationEvent } from './log/event-model.js';
export { createEventLog } from './log/event-log.repository.js';
export { MAX_RANGE_LIMIT } from './log/page-limit.js';
export { DEFAULT_OUTBOX_LEASE_MS } from './log/outbox.repository.js';
export type { OutboxEntry } from './log/outbox.repository.js';
export type { AppendProgress, AppendResult, EventLog, EventPage, RangeQuery } from './log/event-log.repository.js';
export type { ConversationDatabase, ConversationDb } from './conversation-database.js';
export { estimateTextTokens } from './log/token-estimate.js';
export { MAX_EVENT_ID_LENGTH, MAX_EVENT_TEXT_LENGTH } from './log/event-validation.js';
export { ConversationError, EventNotFoundError, InvalidCursorError } from './errors.js';
export type { ConversationErrorCode } from './errors.js';
export { TocNodeNotFoundError, GripNotFoundError, InvalidTocQueryError } from './errors.js';

// Time-hierarchy TOC, grips and summarisers (conv-toc)
export { DEFAULT_TOC_CONFIG, tocConfig, type TocConfig } from './toc/toc-config.js';
export { segmentEvents, type Segment } from './toc/segmentation.js';
export { TOC_LEVELS, bucketOf, bucketFromId, type TocLevel, type Bucket } from './toc/time-buckets.js';
export type { TocEvent } from './toc/toc-event.js';
export type { Grip, TocBullet, TocNode, TocNodeDraft } from './toc/toc-node.js';
export type {
  Summariser, SegmentSummary, SegmentInput, RollupSummary, RollupInput, ChildSummary, GripDraft,
} from './summariser/summariser.js';
export { createExtractiveSummariser, type ExtractiveOptions } from './summariser/extractive-summariser.js';
export { createLlmSummariser, type LlmSummariserOptions } from './summariser/llm-summariser.js';
export { createTocService, type TocService, type TocServiceDeps } from './toc/toc-service.js';
export type { ExpandedGrip, TocChild, TocEventsQuery, TocNodeView, TocPage, TocQueries } from './toc/toc-queries.js';
export type { TocSearchHit, TocSearchMode, TocSearchQuery, TocSearchResult } from './toc/toc-search.js';
export type { EventMatch, TimeWindow } from './search/event-search.js';
export type { EventEmbedReport } from './search/event-vectors.js';
export type { MemoryContext } from './toc/memory-context.js';
export type { TocStatus } from './toc/toc-admin.js';
export type { BuildReport, RunReport } from './toc/toc-builder.js';
export type { BuildState } from './toc/checkpoint.js';
export { listTocProjects, type TocProject } from './toc/toc-projects.query.js';
export { createTocSummariser } from './summariser/default-summariser.js';
export { BUILD_TOC_JOB, EMBED_EVENTS_JOB, registerTocJobs, requestTocBuild } from './toc/toc-jobs.js';
export { createTocFromConfig } from './toc/toc-from-config.js';
export { CONVERSATION_MODES, conversationProject } from './log/project-key.js';
export type { ConversationMode } from './log/project-key.js';
// Ingestion (API, import) and agent hooks (conv-log)
export { deriveEventId } from './ingest/event-id.js';
export { defaultRole, toNewEvent } from './ingest/ingest-input.js';
export type { IngestDefaults, IngestEventInput } from './ingest/ingest-input.js';
export type { HookAdapter, HookIo, HookItem, HookRecord } from './hooks/hook-adapter.js';
export { claudeCodeAdapter } from './hooks/claude-code.adapter.js';
export { geminiCliAdapter } from './hooks/gemini-cli.adapter.js';
export { HOOK_ADAPTERS, mapHookPayload, parseHookInput, selectAdapter } from './hooks/hook-events.js';
export type { MapHookOptions, MappedHook } from './hooks/hook-events.js';
export { MalformedHookPayloadError, UnknownHookEventError } from './hooks/hook-errors.js';
export { projectScopeFor, repositoryRoot } from './hooks/project-scope.js';
export type { ProjectFs } from './hooks/project-scope.js';
export { drainSpool, spoolDirOf, spoolEvents, spooledCount } from './spool/hook-spool.js';
export type { DrainReport } from './spool/hook-spool.js';
export { parseWireEvent } from './ingest/wire-event.js';
