import { contentHash } from './content-hash.js';
import { ImmutableRecordError, InvalidRecordError, InvalidStateError } from './errors.js';
import type { MemoryRecord, MemoryStatus, SourceRef, Trust, VersionOperation } from './memory-record.js';
import { isScope } from './scope.js';
import type { TypeDefinition } from './type-registry.js';

/** The stored part of a record: what one version row holds. */
export type RecordState = Omit<MemoryRecord, 'accessCount' | 'accessedAt' | 'embeddingModel' | 'embeddingModelVersion' | 'hasEmbedding'>;

/** Input for a new record (version 1). */
export interface NewRecordInput {
  /** Client-chosen id (idempotent retries, imports); a fresh UUID otherwise. */
  id?: string;
  type: string;
  content: string;
  metadata?: Record<string, unknown>;
  tags?: string[];
  scope: string;
  source: SourceRef;
  trust: Trust;
  validFrom?: Date;
  validTo?: Date | null;
  confidence?: number;
}

/** A content/annotation change; absent fields stay as they are. `metadata` replaces the whole object. */
export interface RecordPatch {
  content?: string;
  metadata?: Record<string, unknown>;
  tags?: string[];
  validFrom?: Date;
  validTo?: Date | null;
  confidence?: number;
}

/** Content that replaces a forgotten record's text; the tombstone keeps only the audit trail. */
export const FORGOTTEN_CONTENT = '[forgotten]';

/** Checks the invariants the database cannot express (and the ones it can, with a clearer message). */
export function assertValidState(s: RecordState): void {
  if (s.status !== 'forgotten' && s.content.trim().length === 0) throw new InvalidRecordError('content must not be empty');
  if (!isScope(s.scope)) throw new InvalidRecordError(`invalid scope "${s.scope}"`);
  if (!(s.confidence >= 0 && s.confidence <= 1)) throw new InvalidRecordError('confidence must be within [0, 1]');
  if (s.status === 'active' && s.validTo && s.validTo.getTime() <= s.validFrom.getTime()) {
    throw new InvalidRecordError('valid_to must be after valid_from');
  }
  if (s.tags.some((t) => typeof t !== 'string' || t.length === 0)) throw new InvalidRecordError('tags must be non-empty strings');
}

/** Version 1 of a new record. */
export function newRecordState(input: NewRecordInput, def: TypeDefinition, id: string, now: Date): RecordState {
  const state: RecordState = {
    id, type: def.name, memoryClass: def.memoryClass, content: input.content, metadata: input.metadata ?? {},
    tags: [...new Set(input.tags ?? [])], scope: input.scope, source: input.source, trust: input.trust, status: 'active',
    version: 1, createdAt: now, updatedAt: now, validFrom: input.validFrom ?? now, validTo: input.validTo ?? null,
    supersededBy: null, statusReason: null, archived: false, confidence: input.confidence ?? 1,
    contentHash: contentHash(input.content),
  };
  assertValidState(state);
  return state;
}

function next(head: RecordState, now: Date, changes: Partial<RecordState>): RecordState {
  const state = { ...head, ...changes, version: head.version + 1, updatedAt: now };
  state.contentHash = contentHash(state.content);
  return state;
}

/** Throws InvalidStateError unless the record is in one of `allowed`. */
export function assertStatus(head: RecordState, allowed: MemoryStatus[], op: VersionOperation): void {
  if (!allowed.includes(head.status)) {
    throw new InvalidStateError(`cannot ${op} memory ${head.id}: it is ${head.status}`);
  }
}

/** The next version after a patch. Content edits of immutable types are refused. */
export function applyUpdate(head: RecordState, patch: RecordPatch, def: TypeDefinition, now: Date): RecordState {
  assertStatus(head, ['active'], 'update');
  if (patch.content !== undefined && patch.content !== head.content && def.mutability === 'immutable') {
    throw new ImmutableRecordError(head.id, head.type);
  }
  const changes: Partial<RecordState> = {};
  if (patch.content !== undefined) changes.content = patch.content;
  if (patch.metadata !== undefined) changes.metadata = patch.metadata;
  if (patch.tags !== undefined) changes.tags = [...new Set(patch.tags)];
  if (patch.validFrom !== undefined) changes.validFrom = patch.validFrom;
  if (patch.validTo !== undefined) changes.validTo = patch.validTo;
  if (patch.confidence !== undefined) changes.confidence = patch.confidence;
  const state = next(head, now, changes);
  assertValidState(state);
  return state;
}

/** The old record's last version when `newId` replaces it. */
export function applySupersede(head: RecordState, newId: string, now: Date, reason?: string): RecordState {
  assertStatus(head, ['active'], 'supersede');
  return next(head, now, { status: 'superseded', supersededBy: newId, validTo: now, statusReason: reason ?? `superseded by ${newId}` });
}

/** Marks a record as wrong: never current again, kept for history. */
export function applyInvalidate(head: RecordState, reason: string, now: Date): RecordState {
  assertStatus(head, ['active', 'superseded', 'archived'], 'invalidate');
  return next(head, now, { status: 'invalidated', statusReason: reason, validTo: head.validTo ?? now });
}

/** Soft delete (FR-02): valid_to = now, archived flag, metadata archived/archived_at. */
export function applyArchive(head: RecordState, reason: string | undefined, now: Date): RecordState {
  assertStatus(head, ['active'], 'archive');
  const metadata = { ...head.metadata, archived: true, archived_at: now.toISOString() };
  return next(head, now, { status: 'archived', archived: true, validTo: now, metadata, statusReason: reason ?? 'archived' });
}

/** Tombstone: content, metadata and tags purged; the embedding is dropped because the hash changes. */
export function applyForget(head: RecordState, reason: string | undefined, now: Date): RecordState {
  assertStatus(head, ['active', 'superseded', 'invalidated', 'archived'], 'forget');
  return next(head, now, {
    status: 'forgotten', content: FORGOTTEN_CONTENT, metadata: {}, tags: [], statusReason: reason ?? 'forgotten',
    validTo: head.validTo ?? now,
  });
}

/** Confirms a record: confidence back to 1.0. */
export function applyReinforce(head: RecordState, now: Date): RecordState {
  assertStatus(head, ['active'], 'reinforce');
  return next(head, now, { confidence: 1 });
}

/** Moves a record to the global scope. */
export function applyPromote(head: RecordState, now: Date): RecordState {
  assertStatus(head, ['active'], 'promote');
  if (head.scope === 'global') throw new InvalidStateError(`memory ${head.id} is already global`);
  return next(head, now, { scope: 'global', metadata: { ...head.metadata, promoted_from: head.scope } });
}

/** The snake_case snapshot `engram_commit_version` expects. */
export function toSnapshot(s: RecordState, operation: VersionOperation): Record<string, unknown> {
  return {
    id: s.id, version: s.version, type: s.type, memory_class: s.memoryClass, content: s.content,
    metadata: s.metadata, tags: s.tags, scope: s.scope, source_type: s.source.type, source_id: s.source.id,
    trust: s.trust, status: s.status, created_at: s.createdAt.toISOString(), updated_at: s.updatedAt.toISOString(),
    valid_from: s.validFrom.toISOString(), valid_to: s.validTo?.toISOString() ?? null, superseded_by: s.supersededBy,
    status_reason: s.statusReason, archived: s.archived, confidence: s.confidence, content_hash: s.contentHash, operation,
  };
}
