/*
 * @engram/lifecycle: memory lifecycle and learning (SPEC 7, seed 003, seed 001 ADR-010). The decision
 * engine that judges implicit events before the gate, decay and reinforcement, consolidation and the
 * sweeps. It never writes memories itself: its decisions become gate requests. Any new export here
 * is public API.
 */
export { extractEntities } from './entities/extract-entities.js';
export { isSimilarText, SIMILAR_TOKEN_OVERLAP, tokenOverlap, tokensOf } from './entities/token-overlap.js';

// Consolidation (ADR-010, seed 003 2.4): pure planning of which events compress into one memory.
export { CONSOLIDATION_KEY, toCandidate } from './consolidation/consolidation-candidate.js';
export type { CandidateRow, ConsolidationCandidate } from './consolidation/consolidation-candidate.js';
export { DEFAULT_CONSOLIDATION_RULE, planConsolidation } from './consolidation/plan-consolidation.js';
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
export type { SweepName, SweepRunsDatabase, SweepRunStatus } from './sweeps/sweep-runs.table.js';
// Stats (seed 003 8.2) over the memory tables.
export { AGE_BUCKETS_DAYS, CONFIDENCE_BUCKETS, collectMemoryStats } from './stats/memory-stats.js';
export type { Bucket, ConsolidationStats, MemoryStats } from './stats/memory-stats.js';
