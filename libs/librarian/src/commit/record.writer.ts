import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  applyArchive, applyForget, FORGOTTEN_CONTENT, applyInvalidate, applyPromote, applyReinforce, applySupersede, applyUpdate, importedState,
  InvalidRecordError, InvalidStateError, isUuid, NotInTransactionError, RecordNotFoundError, RecordReader,
  sameStoredVersion, SupersedeCycleError, VersionConflictError,
  type EdgeKind, type ImportedVersion, type MemoryRecord, type NewRecordInput, type RecordPatch, type RecordState,
  type TypeRegistry, type VersionOperation,
} from '@engram/memory';
import { mapCommitError } from './commit-errors.js';
import { auditJson, commitNewRecord, commitState, snapshotJson, type CommitAudit, type EdgeRow } from './commit-statement.js';

/*
 * The gate's commit path (ADR-0004, CONVENTIONS C5). It lives in the librarian, under commit/,
 * and is NOT exported from the librarian's index: the boundary rule `writer-only-through-the-gate`
 * forbids any file outside libs/librarian/ (and the librarian's own public entry) from importing it.
 */

/** Optimistic concurrency guard for writes to an existing record. */
export interface WriteGuard {
  expectedVersion?: number;
}

/** Either a new replacement record or an existing one. */
export type Replacement = { record: NewRecordInput } | { existingId: string };

/** Dependencies of a writer; `db` MUST be a transaction. */
export interface RecordWriterDeps {
  db: Kysely<any>;
  registry: TypeRegistry;
  clock?: () => Date;
}

/**
 * The only code that writes memory records. Every method commits through
 * `engram_commit_version(snapshot, audit)` (a forget through `engram_forget`, which calls it)
 * inside the caller's transaction.
 * Obtain one only via {@link createRecordWriter}, which only the gate's transaction code calls.
 */
export class RecordWriter extends RecordReader {
  private readonly registry: TypeRegistry;
  private readonly clock: () => Date;

  constructor(deps: RecordWriterDeps) {
    super(deps.db);
    if (!deps.db.isTransaction) throw new NotInTransactionError();
    this.registry = deps.registry;
    this.clock = deps.clock ?? (() => new Date());
  }

  /** Creates version 1 of a new record. A taken id fails with VersionConflictError. */
  async create(input: NewRecordInput, audit: CommitAudit): Promise<MemoryRecord> {
    this.assertTransaction();
    return commitNewRecord({ db: this.db, registry: this.registry, clock: this.clock }, input, audit);
  }

  /** New version with the patch applied. Immutable types refuse content edits (ImmutableRecordError). */
  async update(id: string, patch: RecordPatch, audit: CommitAudit, guard: WriteGuard = {}): Promise<MemoryRecord> {
    const head = await this.lockHead(id, guard);
    return this.commit(applyUpdate(head, patch, this.registry.get(head.type), this.clock()), 'update', audit, guard.expectedVersion);
  }

  /**
   * Supersedes `id` by a new or an existing record: the old one becomes `superseded`
   * (valid_to = now, superseded_by = new id) and a `supersedes` edge links new → old.
   */
  async supersede(id: string, replacement: Replacement, audit: CommitAudit, guard: WriteGuard = {}): Promise<{ old: MemoryRecord; replacement: MemoryRecord }> {
    const head = await this.lockHead(id, guard);
    const newId = 'existingId' in replacement ? replacement.existingId : (replacement.record.id ?? randomUUID());
    if (!isUuid(newId)) throw new InvalidRecordError(`invalid record id "${newId}"`);
    if ('existingId' in replacement) await this.assertNoCycle(id, newId);
    const old = await this.commit(applySupersede(head, newId, this.clock()), 'supersede', audit, guard.expectedVersion);
    const next = 'existingId' in replacement
      ? await this.get(newId)
      : await this.create({ ...replacement.record, id: newId }, audit);
    await this.addEdge(newId, id, 'supersedes');
    return { old, replacement: next };
  }

  /** Marks the record as wrong ("was never true"); it stays in history. */
  async invalidate(id: string, reason: string, audit: CommitAudit, guard: WriteGuard = {}): Promise<MemoryRecord> {
    const head = await this.lockHead(id, guard);
    return this.commit(applyInvalidate(head, reason, this.clock()), 'invalidate', audit, guard.expectedVersion);
  }

  /** Soft delete: status archived, archived flag, valid_to now, metadata archived/archived_at. */
  async archive(id: string, reason: string | undefined, audit: CommitAudit, guard: WriteGuard = {}): Promise<MemoryRecord> {
    const head = await this.lockHead(id, guard);
    return this.commit(applyArchive(head, reason, this.clock()), 'archive', audit, guard.expectedVersion);
  }

  /**
   * Tombstones the record through `engram_forget`: the new version has no content, metadata or tags,
   * and every earlier version, the embedding and the logged request payloads are purged with it.
   * The audit trail remains.
   */
  async forget(id: string, reason: string | undefined, audit: CommitAudit, guard: WriteGuard = {}): Promise<MemoryRecord> {
    const head = await this.lockHead(id, guard);
    return this.commit(applyForget(head, reason, this.clock()), 'forget', audit, guard.expectedVersion);
  }

  /** Confidence back to 1.0 (the user confirmed it). */
  async reinforce(id: string, audit: CommitAudit, guard: WriteGuard = {}): Promise<MemoryRecord> {
    const head = await this.lockHead(id, guard);
    return this.commit(applyReinforce(head, this.clock()), 'reinforce', audit, guard.expectedVersion);
  }

  /** Moves the record to the global scope. */
  async promote(id: string, audit: CommitAudit, guard: WriteGuard = {}): Promise<MemoryRecord> {
    const head = await this.lockHead(id, guard);
    return this.commit(applyPromote(head, this.clock()), 'promote', audit, guard.expectedVersion);
  }

  /**
   * Stores one exported version as is (id, number, timestamps, provenance). Returns `noop` when an
   * identical version is already stored; a different stored version is a VersionConflictError.
   */
  async importVersion(version: ImportedVersion, audit: CommitAudit): Promise<'committed' | 'noop'> {
    const state = importedState(version, this.registry.get(version.type));
    const stored = await this.db.selectFrom('memory_versions').selectAll()
      .where('id', '=', state.id).where('version', '=', state.version).executeTakeFirst();
    if (stored) {
      if (sameStoredVersion(stored as unknown as Record<string, unknown>, state)) return 'noop';
      throw new VersionConflictError(state.id, state.version, undefined);
    }
    await this.commit(state, importOperation(state, version), audit, state.version - 1);
    return 'committed';
  }

  /** Adds (or re-weights) a graph edge. */
  async addEdge(srcId: string, dstId: string, kind: EdgeKind, weight = 1): Promise<void> {
    await this.addEdges([{ srcId, dstId, kind, weight }]);
  }

  /** Adds (or re-weights) several graph edges in one statement. */
  async addEdges(edges: readonly EdgeRow[]): Promise<void> {
    this.assertTransaction();
    if (edges.length === 0) return;
    const values = sql.join(edges.map((e) => sql`(${e.srcId}::uuid, ${e.dstId}::uuid, ${e.kind}::text, ${e.weight}::real)`));
    await sql`SELECT engram_add_edge(e.src, e.dst, e.kind, e.weight) FROM (VALUES ${values}) AS e(src, dst, kind, weight)`.execute(this.db);
  }

  private async assertNoCycle(oldId: string, newId: string): Promise<void> {
    if (oldId === newId) throw new SupersedeCycleError(oldId, newId);
    const chain = await this.supersessionChain(newId);
    if (chain.length === 0) throw new RecordNotFoundError(newId, 'replacement does not exist');
    if (chain.includes(oldId)) throw new SupersedeCycleError(oldId, newId);
    const replacement = await this.get(newId);
    if (replacement.status !== 'active') throw new InvalidStateError(`replacement ${newId} is ${replacement.status}, not active`);
  }

  private async lockHead(id: string, guard: WriteGuard): Promise<RecordState> {
    this.assertTransaction();
    if (!isUuid(id)) throw new RecordNotFoundError(id);
    // Not `FOR UPDATE`: that needs UPDATE privilege, which the service role lacks (ADR-0004).
    // The function gives up after its lock_timeout (issue 36): a lock held by a stalled transaction is a refusal, not a hang.
    await sql`SELECT engram_lock_memory(${id}::uuid)`.execute(this.db).catch((err: unknown) => {
      throw mapCommitError(err, id, guard.expectedVersion);
    });
    const head = await this.findHead(id);
    if (!head) throw new RecordNotFoundError(id);
    if (guard.expectedVersion !== undefined && guard.expectedVersion !== head.version) {
      throw new VersionConflictError(id, guard.expectedVersion, head.version);
    }
    return head;
  }

  private async commit(state: RecordState, op: VersionOperation, audit: CommitAudit, expected: number | undefined): Promise<MemoryRecord> {
    this.assertTransaction();
    if (op !== 'forget') return commitState(this.db, state, op, audit, expected);
    try {
      await sql`SELECT engram_forget(${state.id}::uuid, ${snapshotJson(state, op)}::jsonb, ${auditJson(audit)}::jsonb)`.execute(this.db);
    } catch (err) {
      throw mapCommitError(err, state.id, expected);
    }
    return this.get(state.id);
  }

  private assertTransaction(): void {
    if (!this.db.isTransaction) throw new NotInTransactionError();
  }
}

/**
 * A forgotten version can only be stored as a tombstone through `engram_forget` (the gate's
 * request schema has already turned it into one); anything else is refused as a domain error
 * rather than left to fail inside the SQL function.
 */
export function importOperation(state: RecordState, version: ImportedVersion): VersionOperation {
  if (state.status !== 'forgotten') return version.operation ?? 'import';
  const purged = state.content === FORGOTTEN_CONTENT && Object.keys(state.metadata).length === 0 && state.tags.length === 0;
  if (!purged) throw new InvalidRecordError(`forgotten version ${state.version} of ${state.id} must be a tombstone (content "${FORGOTTEN_CONTENT}", no metadata or tags)`);
  return 'forget';
}

/**
 * Creates the record writer for one transaction. Only the gate calls this (dependency-cruiser
 * forbids importing commit/ from outside the librarian); everyone else submits to the Gate.
 */
export function createRecordWriter(deps: RecordWriterDeps): RecordWriter {
  return new RecordWriter(deps);
}
