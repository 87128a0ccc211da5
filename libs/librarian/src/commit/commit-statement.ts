import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  InvalidRecordError, isUuid, MEMORY_COLUMNS, newRecordState, RecordNotFoundError, toMemoryRecord, toSnapshot,
  type EdgeKind, type MemoryRecord, type MemoryRow, type NewRecordInput, type RecordState, type TypeRegistry, type VersionOperation,
} from '@engram/memory';
import { mapCommitError } from './commit-errors.js';

/*
 * The commit statement both committers end in (ADR-0038): one version, its approve audit row, the
 * gate's edges and its request row, as the JSON arguments of `engram_commit_head` (or of
 * `engram_commit_heads` for a group). Request-bound and consumed once by the SQL function
 * (ADR-0022/0023); the duplicate key (scope, content) is checked there, atomically.
 */

/** What building a version needs: the type registry and the clock. */
export interface StatementDeps {
  registry: TypeRegistry;
  clock?: () => Date;
}

/** The gate decision a version is committed under (written to gate_audit by the same SQL call). */
export interface CommitAudit {
  requestId: string;
  reason: string;
  decision?: string;
  policyMatched?: string | null;
  reviewer?: string | null;
}

/** An edge row as `engram_add_edge` stores it (direction already canonical). */
export interface EdgeRow {
  srcId: string;
  dstId: string;
  kind: EdgeKind;
  weight: number;
}

/** What the commit statement writes besides the version: the gate's planned edges and its request row. */
export interface CommitAttachments {
  edges?: readonly EdgeRow[];
  /** The gate_requests row of the request (snake_case columns), logged by the same statement. */
  request?: Record<string, unknown>;
}

// Every version is committed under exactly one `approve` audit row (a unique index enforces it).
export function auditJson(audit: CommitAudit): string {
  return JSON.stringify({
    request_id: audit.requestId, reason: audit.reason, decision: audit.decision ?? null,
    policy_matched: audit.policyMatched ?? null, reviewer: audit.reviewer ?? null, action: 'approve',
  });
}

export function snapshotJson(state: RecordState, op: VersionOperation): string {
  return JSON.stringify(toSnapshot(state, op));
}

/** One version ready to commit: the four arguments of `engram_commit_head`, as JSON text. */
export interface PreparedCommit {
  id: string;
  v: string;
  audit: string;
  edges: string;
  request: string | null;
}

/** One version of a record in the shape of the commit statement's arguments. */
export function prepare(state: RecordState, op: VersionOperation, audit: CommitAudit, attachments: CommitAttachments = {}): PreparedCommit {
  return {
    id: state.id, v: snapshotJson(state, op), audit: auditJson(audit),
    edges: JSON.stringify((attachments.edges ?? []).map((e) => ({ src: e.srcId, dst: e.dstId, kind: e.kind, weight: e.weight }))),
    request: attachments.request ? JSON.stringify(attachments.request) : null,
  };
}

/** The head columns every commit statement selects (the record it hands back). */
export const HEAD_COLUMNS = sql.join([...MEMORY_COLUMNS.map((c) => sql.ref(c)), sql`(embedding IS NOT NULL) AS has_embedding`]);

/**
 * Commits one prepared version (with its attachments) in ONE statement through
 * `engram_commit_head`, which hands back the head row it wrote. One statement is atomic on its
 * own, so this needs no transaction; multi-statement operations call it inside theirs.
 */
export async function commitPrepared(db: Kysely<any>, p: PreparedCommit, expected: number | undefined): Promise<MemoryRecord> {
  try {
    const { rows } = await sql<MemoryRow>`SELECT ${HEAD_COLUMNS}
      FROM engram_commit_head(${p.v}::jsonb, ${p.audit}::jsonb, ${p.edges}::jsonb, ${p.request}::jsonb)`.execute(db);
    if (!rows[0]) throw new RecordNotFoundError(p.id);
    return toMemoryRecord(rows[0]);
  } catch (err) {
    throw mapCommitError(err, p.id, expected);
  }
}

export function commitState(
  db: Kysely<any>, state: RecordState, op: VersionOperation, audit: CommitAudit, expected: number | undefined, attachments: CommitAttachments = {},
): Promise<MemoryRecord> {
  return commitPrepared(db, prepare(state, op, audit, attachments), expected);
}

/**
 * Version 1 of a new record, with the gate's edges and request row, ready for one statement
 * (no transaction needed: the gate's fast path for an auto-approved create, ADR-0016/0017). A
 * taken id fails at commit with VersionConflictError.
 */
export function prepareNewRecord(deps: StatementDeps, input: NewRecordInput, audit: CommitAudit, attachments: CommitAttachments = {}): PreparedCommit {
  const id = input.id ?? randomUUID();
  if (!isUuid(id)) throw new InvalidRecordError(`invalid record id "${id}"`);
  const state = newRecordState(input, deps.registry.get(input.type), id, (deps.clock ?? (() => new Date()))());
  return prepare(state, 'create', audit, attachments);
}

/** Creates version 1 of a new record in one statement (see {@link prepareNewRecord}). */
export async function commitNewRecord(
  deps: StatementDeps & { db: Kysely<any> }, input: NewRecordInput, audit: CommitAudit, attachments: CommitAttachments = {},
): Promise<MemoryRecord> {
  return commitPrepared(deps.db, prepareNewRecord(deps, input, audit, attachments), 0);
}
