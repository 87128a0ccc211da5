/*
 * @engram/lifecycle: memory lifecycle and learning (SPEC 7, seed 003, seed 001 ADR-010). The decision
 * engine that judges implicit events before the gate, decay and reinforcement, consolidation and the
 * sweeps. It never writes memories itself: its decisions become gate requests. Any new export here
 * is public API.
 */
export { DecisionEngine } from './decision/decision-engine.js';
export type { DecisionEngineDeps } from './decision/decision-engine.js';
export { DEFAULT_DECISION_CONFIG, normaliseWeights, resolveDecisionConfig } from './decision/decision-config.js';
export type { DecayCategory, DecisionConfig, DecisionConfigOverrides, LearningConfig, RelevanceWeights } from './decision/decision-config.js';
export { decayCategoryOf, decayPolicyOf } from './decision/decay-policy.js';
export { lifecycleFromSettings } from './decision/lifecycle-settings.js';
export type { LifecycleSettings, LifecycleSettingsInput } from './decision/lifecycle-settings.js';
export type { DecayPolicy } from './decision/decay-policy.js';
export { eventTypeOf, IMPLICIT_SOURCES, validateEvent } from './decision/implicit-event.js';
export type { ImplicitEvent, ImplicitSource } from './decision/implicit-event.js';
export { decayedRelevance, decayLambda, entityImportanceScore, frequencyScore, recencyScore, relevanceScore } from './decision/scoring.js';
export type { RelevanceSignals } from './decision/scoring.js';
export { decide, entitiesOf, processEvent } from './decision/storage-decision.js';
export type { CompressionProposal, HistoryFacts, ProcessedEvent, StorageDecision } from './decision/storage-decision.js';
export { extractEntities } from './entities/extract-entities.js';
export { isSimilarText, SIMILAR_TOKEN_OVERLAP, tokenOverlap, tokensOf } from './entities/token-overlap.js';
export { LifecycleConfigError, LifecycleError } from './errors.js';
export type { LifecycleErrorCode } from './errors.js';
export { LearningRepository } from './learning/learning.repository.js';
export type { FeedbackEffect, FeedbackEntry } from './learning/learning.repository.js';
export { updateUsefulness, updateWeights, weightDrift } from './learning/learning-rules.js';
export type { Outcome } from './learning/learning-rules.js';
export { learningStats } from './learning/learning-stats.js';
export type { LearningStats } from './learning/learning-stats.js';
export type { EventOutcome } from './state/engine-state.repository.js';
export type { LifecycleDatabase, LifecycleDb } from './state/lifecycle-tables.js';

// Consolidation (ADR-010, seed 003 2.4): pure planning of which events compress into one memory.
export { CONSOLIDATION_KEY, toCandidate } from './consolidation/consolidation-candidate.js';
export type { CandidateRow, ConsolidationCandidate } from './consolidation/consolidation-candidate.js';
export { consolidationRuleOf, DEFAULT_CONSOLIDATION_RULE, planConsolidation } from './consolidation/plan-consolidation.js';
export type { ConsolidationGroup, ConsolidationRule } from './consolidation/plan-consolidation.js';
export { compressGroup, compressionNumbers, stableUuid } from './consolidation/compress-group.js';
export type { CompressedMemory, CompressionNumbers } from './consolidation/compress-group.js';
// Sweeps: archive planning, the reads they scan with, and their run/checkpoint table.
export { DEFAULT_ARCHIVE_THRESHOLD, planArchive } from './sweeps/archive-plan.js';
export type { ArchiveDecision } from './sweeps/archive-plan.js';
export { loadConsolidatedSources, loadEventRows, scanActivePage } from './sweeps/memory-scan.query.js';
export type { ConsolidatedSource, DecayRow } from './sweeps/memory-scan.query.js';
export { SweepBusyError, SweepRunRepository } from './sweeps/sweep-run.repository.js';
export type { SweepRun } from './sweeps/sweep-run.repository.js';
export { SWEEP_NAMES } from './sweeps/sweep-runs.table.js';
export { sweepSchedulesOf, sweepTunablesOf } from './sweeps/sweep-settings.js';
export type { SweepSettings } from './sweeps/sweep-settings.js';
export type { SweepName, SweepRunsDatabase, SweepRunStatus } from './sweeps/sweep-runs.table.js';
// Stats (seed 003 8.2) over the memory tables.
export { AGE_BUCKETS_DAYS, CONFIDENCE_BUCKETS, collectMemoryStats } from './stats/memory-stats.js';
export type { Bucket, ConsolidationStats, MemoryStats } from './stats/memory-stats.js';
