/*
 * @engram/memory: typed memory records, the type registry, the reader, and the pure snapshot
 * builders that compute a record's next version. `RecordReader` is for everyone. Nothing here
 * writes: the only writer is the librarian gate's commit path (ADR-0004), which is not exported.
 */
export { contentHash, contentHashSteps, normaliseContent, normaliseSteps } from './content-hash.js';
export { ACCESS_CONFIDENCE_FLOOR, daysBetween, effectiveConfidence } from './decay.js';
export type { DecayOptions } from './decay.js';
export type { MemoryDatabase, MemoryDb } from './database-schema.js';
export {
  ImmutableRecordError, InvalidEventError, InvalidFilterError, InvalidRecordError, InvalidStateError, MemoryError, NotInTransactionError,
  RecordNotFoundError, SupersedeCycleError, UnknownTypeError, VersionConflictError,
} from './errors.js';
export type { MemoryErrorCode } from './errors.js';
export { canonicalJson } from './canonical-json.js';
export { importedState, sameStoredVersion } from './import-version.js';
export { inputProblem, MAX_INPUT_DEPTH, textProblem } from './input-text.js';
export { checkJsonShape, JSON_LIMITS, JsonLimitError, parseJsonBodyThen, parseLimitedJson } from './json-limits.js';
export type { JsonLimitCode, JsonLimits } from './json-limits.js';
export type { ImportedVersion } from './import-version.js';
export { readEdgeNeighbourhood } from './graph/edge-neighbourhood.query.js';
export type { EdgeNeighbourhood, NeighbourEdge, NeighbourNode } from './graph/edge-neighbourhood.query.js';
export { countMemoriesByTypeAndStatus, countMemoriesCreatedPerDay } from './stats/memory-counts.query.js';
export type { DailyTypeCount, TypeStatusCount } from './stats/memory-counts.query.js';
export { validateJsonPath } from './jsonpath.js';
export { MEMORY_STATUSES } from './memory-record.js';
export type { MemoryRecord, MemoryStatus, MemoryVersion, SourceRef, Trust, VersionOperation } from './memory-record.js';
export { decodeCursor, encodeCursor, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination.js';
export type { KeysetPosition } from './pagination.js';
export { statusesOf } from './record-list.query.js';
export type { ListFilter, Page, PageRequest } from './record-list.query.js';
export { HAS_EMBEDDING, MEMORY_COLUMNS, toMemoryRecord, toMemoryVersion } from './record-mapper.js';
export type { MemoryRow, MemoryVersionRow } from './record-mapper.js';
export { isUuid, RecordReader } from './record-reader.js';
export type { GetOptions } from './record-reader.js';
export { isScope, parseScope, scopeMatches } from './scope.js';
export { MAX_SCAN_DEPTH, redactSensitive, redactText, redactValue, redactValueInTurns, scanValue, scanValueInTurns } from './sensitive/scanner.js';
export type { Detection, DetectionClass, RedactionRules } from './sensitive/scanner.js';
export { findSecretIdentifier, identifierSecretKind, identifierSecretMessage } from './sensitive/identifiers.js';
export type { ParsedScope, Scope } from './scope.js';
export { windowsIn } from './time/query-dates.js';
export { aroundNamedDay } from './time/named-day.js';
export { withoutExclusions } from './query-exclusions.js';
export type { TimeWindow } from './time/query-dates.js';
export type { MemoriesTable } from './tables/memories.table.js';
export type { EdgeKind, MemoryEdgesTable } from './tables/memory-edges.table.js';
export type { MemoryVersionsTable } from './tables/memory-versions.table.js';
export { BUILTIN_TYPES, createTypeRegistry, FALLBACK_HALF_LIFE_DAYS } from './type-registry.js';
export type { MemoryClass, Mutability, TypeDefinition, TypeGatePolicy, TypeOverride, TypeRegistry } from './type-registry.js';
export {
  applyArchive, applyForget, applyInvalidate, applyPromote, applyReinforce, applySupersede, applyUpdate, assertStatus,
  assertValidState, FORGOTTEN_CONTENT, newRecordState, toSnapshot,
} from './version-snapshot.js';
export type { NewRecordInput, RecordPatch, RecordState } from './version-snapshot.js';
export { runInTurns, runNow, runSized, spaceSlices, STEP_CHARS, TURN_BUDGET_MS } from './turns.js';
export { CONTEXT_REACH, CONTEXT_WORDS, embeddingText, isShortTurn, mayEmbedWithContext, SHORT_TURN_WORDS, type ContextTurn } from './embedding-context.js';
export { BURST_GAP_MS, BURST_REACH, burstLinks, type TurnLink, type TurnOf } from './bursts.js';
export { BESIDE_A_BETTER_TURN, MOMENT_RADIUS, onePerMoment, placeInMoments, SAME_MOMENT_AGAIN, spreadOverMoments } from './moments.js';
export { lendNeighbourContext, NEIGHBOUR_DISTANCE, NEIGHBOUR_WEIGHT, SECOND_NEIGHBOUR_WEIGHT, type ContextHit, type NeighbourLink } from './neighbour-context.js';
export { ASKING, asks, onlyAsks, asksForSeveral, asksWhen, capitalisedWords, FULL_TURN_WORDS, lengthPrior, LENGTH_PRIOR_EXPONENT, NOT_ABOUT_SPEAKER, OTHER_SPEAKER, saysWhen, speakerOf, speaksOfSelf, tellingPrior, turnPrior, turnSpeaker, UNDATED, withoutSpeakers, type TurnQuery } from './turn-text.js';
export { PeopleBook, type Mention, type TurnSample } from './people/people-book.js';
export { namesSpeaker } from './people/name-match.js';
export { withoutNames } from './people/without-names.js';
export { escapeRegExp } from './escape-reg-exp.js';
export { addressedNames } from './people/vocatives.js';
export type { Steps } from './turns.js';
