import { randomUUID } from 'node:crypto';
import { identifierSecretKind, identifierSecretMessage, isUuid, redactSensitive } from '@engram/memory';
import { InvalidInputError } from '../errors.js';
import type { Selectable } from 'kysely';
import { fromJson, type ContinuityDb, type PrdDecisionsTable, type PrdEventsTable, type PrdExecutionsTable } from './continuity-tables.js';
import type { FormedMemory, PrdDecision, PrdEvent, PrdEventType, PrdExecution, PrdProgress, PrdStatus } from './prd-model.js';

/*
 * Queries on the PRD tables (CONVENTIONS C8: one repository per aggregate, handed a kysely handle
 * or a transaction). No domain rules here: the use cases decide, this reads and writes.
 */

export function toExecution(r: Selectable<PrdExecutionsTable>): PrdExecution {
  return {
    id: r.id, scope: r.scope, ref: r.prd_ref, hash: r.prd_hash, title: r.title, status: r.status as PrdStatus,
    progress: fromJson<PrdProgress>(r.progress), revision: r.revision, lastSeq: r.last_seq, narrative: r.narrative,
    compactedAt: r.compacted_at, createdAt: r.created_at, updatedAt: r.updated_at, completedAt: r.completed_at,
  };
}

export function toEvent(r: Selectable<PrdEventsTable>): PrdEvent {
  return {
    id: r.id, executionId: r.execution_id, seq: r.seq, eventKey: r.event_key, type: r.type as PrdEventType,
    requirementId: r.requirement_id, summary: r.summary, detail: fromJson<Record<string, unknown>>(r.detail), agentId: r.agent_id,
    thinkingChainId: r.thinking_chain_id, occurredAt: r.occurred_at, formation: r.formation === null ? null : fromJson<FormedMemory>(r.formation),
    createdAt: r.created_at,
  };
}

export function toDecision(r: Selectable<PrdDecisionsTable>): PrdDecision {
  return {
    id: r.id, executionId: r.execution_id, eventId: r.event_id, requirementId: r.requirement_id, decision: r.decision, reason: r.reason,
    alternatives: fromJson<string[]>(r.alternatives), agentId: r.agent_id, memory: r.memory === null ? null : fromJson<FormedMemory>(r.memory),
    createdAt: r.created_at,
  };
}

export interface NewExecution {
  scope: string;
  ref: string;
  hash: string | null;
  title: string | null;
  progress: PrdProgress;
}

/** An event as appended: the log assigns id, execution, sequence number and formation. */
export type NewEvent = Pick<PrdEvent, 'eventKey' | 'type' | 'requirementId' | 'summary' | 'detail' | 'agentId' | 'thinkingChainId' | 'occurredAt'>;

export interface NewDecision {
  requirementId: string | null;
  decision: string;
  reason: string | null;
  alternatives: string[];
  agentId: string | null;
}

export class PrdRepository {
  constructor(private readonly db: ContinuityDb) {}

  async findById(id: string, forUpdate = false): Promise<PrdExecution | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.db.selectFrom('prd_executions').selectAll().where('id', '=', id).$if(forUpdate, (q) => q.forUpdate()).executeTakeFirst();
    return row && toExecution(row);
  }

  async findByRef(scope: string, ref: string): Promise<PrdExecution | undefined> {
    const row = await this.db.selectFrom('prd_executions').selectAll().where('scope', '=', scope).where('prd_ref', '=', ref).executeTakeFirst();
    return row && toExecution(row);
  }

  /** The cheap freshness probe of the context cache: one primary-key lookup. */
  async revisionOf(id: string): Promise<{ revision: number; scope: string } | undefined> {
    if (!isUuid(id)) return undefined;
    return this.db.selectFrom('prd_executions').select(['revision', 'scope']).where('id', '=', id).executeTakeFirst();
  }

  /** Inserts unless (scope, ref) exists — concurrent starts of one PRD resolve to one execution. */
  async insert(e: NewExecution, now: Date): Promise<PrdExecution | undefined> {
    // The ref names the PRD and is matched as given: a secret in it is refused (issue 36 T3-20).
    const kind = identifierSecretKind(e.ref);
    if (kind) throw new InvalidInputError(identifierSecretMessage('prd_ref', kind));
    const row = await this.db
      .insertInto('prd_executions')
      .values({
        id: randomUUID(), scope: e.scope, prd_ref: e.ref, prd_hash: e.hash, title: redactSensitive(e.title), status: 'not_started',
        progress: JSON.stringify(e.progress), narrative: null, compaction: null, compacted_at: null, created_at: now, updated_at: now, completed_at: null,
      })
      .onConflict((oc) => oc.columns(['scope', 'prd_ref']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && toExecution(row);
  }

  /** Writes the changed execution fields and bumps the revision. */
  async update(
    id: string,
    patch: Partial<Pick<PrdExecution, 'hash' | 'title' | 'status' | 'progress' | 'lastSeq' | 'narrative' | 'compactedAt' | 'completedAt'>> & { compaction?: unknown },
    now: Date,
  ): Promise<PrdExecution> {
    const row = await this.db
      .updateTable('prd_executions')
      .set((eb) => ({
        revision: eb('revision', '+', 1),
        updated_at: now,
        ...(patch.hash !== undefined ? { prd_hash: patch.hash } : {}),
        ...(patch.title !== undefined ? { title: redactSensitive(patch.title) } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.progress !== undefined ? { progress: JSON.stringify(patch.progress) } : {}),
        ...(patch.lastSeq !== undefined ? { last_seq: patch.lastSeq } : {}),
        ...(patch.narrative !== undefined ? { narrative: patch.narrative } : {}),
        ...(patch.compaction !== undefined ? { compaction: JSON.stringify(patch.compaction) } : {}),
        ...(patch.compactedAt !== undefined ? { compacted_at: patch.compactedAt } : {}),
        ...(patch.completedAt !== undefined ? { completed_at: patch.completedAt } : {}),
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toExecution(row);
  }

  /** Marks the execution changed (a formation outcome landed) so cached contexts are refreshed everywhere. */
  async bumpRevision(id: string, now: Date): Promise<void> {
    await this.db.updateTable('prd_executions').set((eb) => ({ revision: eb('revision', '+', 1), updated_at: now })).where('id', '=', id).execute();
  }

  async findEventByKey(executionId: string, key: string): Promise<PrdEvent | undefined> {
    const row = await this.db.selectFrom('prd_events').selectAll().where('execution_id', '=', executionId).where('event_key', '=', key).executeTakeFirst();
    return row && toEvent(row);
  }

  async insertEvent(executionId: string, seq: number, e: NewEvent, now: Date): Promise<PrdEvent> {
    const row = await this.db
      .insertInto('prd_events')
      .values({
        id: randomUUID(), execution_id: executionId, seq, event_key: e.eventKey, type: e.type, requirement_id: e.requirementId, summary: redactSensitive(e.summary),
        detail: JSON.stringify(redactSensitive(e.detail)), agent_id: e.agentId, thinking_chain_id: e.thinkingChainId, occurred_at: e.occurredAt, formation: null, created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEvent(row);
  }

  async setEventFormation(eventId: string, formed: FormedMemory): Promise<void> {
    await this.db.updateTable('prd_events').set({ formation: JSON.stringify(formed) }).where('id', '=', eventId).execute();
  }

  async insertDecision(executionId: string, eventId: string, d: NewDecision, now: Date): Promise<PrdDecision> {
    const row = await this.db
      .insertInto('prd_decisions')
      .values({
        id: randomUUID(), execution_id: executionId, event_id: eventId, requirement_id: d.requirementId, decision: redactSensitive(d.decision), reason: d.reason === null ? null : redactSensitive(d.reason),
        alternatives: JSON.stringify(redactSensitive(d.alternatives)), agent_id: d.agentId, memory: null, created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDecision(row);
  }

  async setDecisionMemory(decisionId: string, formed: FormedMemory): Promise<void> {
    await this.db.updateTable('prd_decisions').set({ memory: JSON.stringify(formed) }).where('id', '=', decisionId).execute();
  }

  async decisionOfEvent(eventId: string): Promise<PrdDecision | undefined> {
    const row = await this.db.selectFrom('prd_decisions').selectAll().where('event_id', '=', eventId).executeTakeFirst();
    return row && toDecision(row);
  }

  /** Events after `afterSeq` in log order (keyset pagination by seq). */
  async events(executionId: string, opts: { afterSeq?: number; limit?: number } = {}): Promise<PrdEvent[]> {
    const rows = await this.db
      .selectFrom('prd_events')
      .selectAll()
      .where('execution_id', '=', executionId)
      .$if(opts.afterSeq !== undefined, (q) => q.where('seq', '>', opts.afterSeq ?? 0))
      .orderBy('seq')
      .$if(opts.limit !== undefined, (q) => q.limit(opts.limit ?? 0))
      .execute();
    return rows.map(toEvent);
  }

  /** The newest `limit` events of the given types (all types when none), oldest first. */
  async recentEvents(executionId: string, limit: number, types?: readonly PrdEventType[]): Promise<PrdEvent[]> {
    const rows = await this.db
      .selectFrom('prd_events')
      .selectAll()
      .where('execution_id', '=', executionId)
      .$if(types !== undefined, (q) => q.where('type', 'in', [...(types ?? [])]))
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map(toEvent);
  }

  async decisions(executionId: string): Promise<PrdDecision[]> {
    const rows = await this.db.selectFrom('prd_decisions').selectAll().where('execution_id', '=', executionId).orderBy('created_at').orderBy('id').execute();
    return rows.map(toDecision);
  }

  /** The latest blocker_hit of each requirement in `requirementIds`. */
  async latestBlockers(executionId: string, requirementIds: readonly string[]): Promise<PrdEvent[]> {
    if (!requirementIds.length) return [];
    const rows = await this.db
      .selectFrom('prd_events')
      .selectAll()
      .where('execution_id', '=', executionId)
      .where('type', '=', 'blocker_hit')
      .where('requirement_id', 'in', [...requirementIds])
      .orderBy('seq', 'desc')
      .execute();
    const seen = new Set<string>();
    return rows.map(toEvent).filter((e) => e.requirementId !== null && !seen.has(e.requirementId) && seen.add(e.requirementId) !== undefined);
  }

  async countEvents(executionId: string): Promise<number> {
    const r = await this.db.selectFrom('prd_events').select((eb) => eb.fn.countAll<number>().as('n')).where('execution_id', '=', executionId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Executions in the given scopes (all when undefined), most recently updated first. */
  async list(scopes: readonly string[] | undefined, opts: { status?: PrdStatus; limit: number }): Promise<PrdExecution[]> {
    const rows = await this.db
      .selectFrom('prd_executions')
      .selectAll()
      .$if(scopes !== undefined, (q) => q.where('scope', 'in', [...(scopes ?? [])]))
      .$if(opts.status !== undefined, (q) => q.where('status', '=', opts.status ?? 'not_started'))
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(opts.limit)
      .execute();
    return rows.map(toExecution);
  }
}
