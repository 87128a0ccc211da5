import { DuplicateEventError, InvalidInputError, PrdClosedError, PrdNotFoundError } from '../errors.js';
import { resolveReadScopes, resolveWriteScope, type CallContext } from '../scope-context.js';
import type { ContinuityDb } from './continuity-tables.js';
import type { PrdContextCache } from './context-cache.js';
import type { FormationPort } from './formation.js';
import { compactExecution, formAfterAppend, type CompactionReport } from './prd-compaction.js';
import { fitContextToBudget, loadPrdContext, type PrdContext } from './prd-context.js';
import {
  decisionFields, sameEvent, sha256, toNewEvent, type ContextRequest, type PrdDecisionInput, type PrdEventInput, type StartPrdInput,
  type StartPrdResult,
} from './prd-inputs.js';
import { PRD_EVENT_TYPES, emptyProgress, type PrdDecision, type PrdEvent, type PrdExecution, type PrdStatus } from './prd-model.js';
import { PrdRepository } from './prd.repository.js';
import { applyEvent, declareRequirements } from './progress.js';
import { assertTransition, statusAfterEvent } from './status-transitions.js';

export interface AppendResult {
  event: PrdEvent;
  execution: PrdExecution;
  /** True when this was a retry of an event already in the log (nothing changed). */
  duplicate: boolean;
  decision?: PrdDecision;
}

export interface PrdDeps {
  db: ContinuityDb;
  formation: FormationPort;
  cache: PrdContextCache;
  clock: () => Date;
}

const DEFAULT_EVENT_LIMIT = 20;
const DEFAULT_MAX_TOKENS = 4000;

/**
 * PRD execution tracking (seed 004): start/resume by reference, events, decisions, status, the
 * cached resume context, and compaction at completion. Every refused call changes nothing: the
 * checks run inside the transaction that holds the execution's row lock.
 */
export class PrdUseCases {
  private readonly repo: PrdRepository;

  constructor(private readonly deps: PrdDeps) {
    this.repo = new PrdRepository(deps.db);
  }

  /** The row if the caller may see it; PRD_NOT_FOUND otherwise (no cross-scope leak). */
  private visible<T extends { scope: string }>(row: T | undefined, id: string, ctx: CallContext): T {
    const scopes = resolveReadScopes(undefined, ctx);
    if (!row || (scopes && !scopes.includes(row.scope))) throw new PrdNotFoundError(id);
    return row;
  }

  /** Runs `fn` in a transaction holding the execution's row lock; drops cached views afterwards. */
  private async locked<T>(id: string, ctx: CallContext, fn: (r: PrdRepository, e: PrdExecution) => Promise<T>): Promise<T> {
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        const r = new PrdRepository(trx);
        return fn(r, this.visible(await r.findById(id, true), id, ctx));
      });
    } finally {
      this.deps.cache.invalidate(id);
    }
  }

  /** Start tracking a PRD, or resume the execution of this reference in this scope. */
  async start(input: StartPrdInput, ctx: CallContext): Promise<StartPrdResult> {
    const scope = resolveWriteScope(input.scope, ctx);
    const hash = input.hash ?? (input.content !== undefined ? sha256(input.content) : null);
    const requirements = input.requirements ?? [];
    let existing = await this.repo.findByRef(scope, input.ref);
    if (!existing) {
      const row = { scope, ref: input.ref, hash, title: input.title ?? null, progress: emptyProgress(requirements) };
      const created = await this.repo.insert(row, this.deps.clock());
      if (created) return { execution: created, created: true, prdChanged: false, previousHash: null };
      existing = await this.repo.findByRef(scope, input.ref); // a concurrent start won the insert
      if (!existing) throw new PrdNotFoundError(input.ref);
    }
    const prdChanged = hash !== null && existing.hash !== null && hash !== existing.hash;
    const titleChanged = input.title !== undefined && input.title !== existing.title;
    const unchanged = !titleChanged && (hash === null || hash === existing.hash) && declareRequirements(existing.progress, requirements) === existing.progress;
    if (unchanged) return { execution: existing, created: false, prdChanged: false, previousHash: existing.hash };
    const execution = await this.locked(existing.id, { ...ctx, scope }, (r, e) => r.update(e.id, {
      ...(hash !== null ? { hash } : {}), ...(titleChanged ? { title: input.title ?? null } : {}), progress: declareRequirements(e.progress, requirements),
    }, this.deps.clock()));
    return { execution, created: false, prdChanged, previousHash: existing.hash };
  }

  /** The resume context, served from the cache while the execution's revision is unchanged. */
  async context(id: string, ctx: CallContext, req: ContextRequest = {}): Promise<PrdContext> {
    const eventLimit = req.eventLimit ?? DEFAULT_EVENT_LIMIT;
    const includeDecisions = req.includeDecisions ?? true;
    const variant = `${eventLimit}:${includeDecisions}`;
    const probe = this.visible(await this.repo.revisionOf(id), id, ctx);
    let full = this.deps.cache.get(id, variant, probe.revision);
    if (!full) {
      const e = this.visible(await this.repo.findById(id), id, ctx);
      full = await loadPrdContext(this.repo, e, { eventLimit, includeDecisions });
      this.deps.cache.set(id, variant, full);
    }
    return fitContextToBudget(full, req.maxTokens ?? DEFAULT_MAX_TOKENS);
  }

  /** Appends one event: progress and status move with it in one transaction, then memories are formed. */
  async appendEvent(id: string, input: PrdEventInput, ctx: CallContext): Promise<AppendResult> {
    if (!PRD_EVENT_TYPES.includes(input.type)) throw new InvalidInputError(`unknown PRD event type "${String(input.type)}" (one of ${PRD_EVENT_TYPES.join(', ')})`);
    const ev = toNewEvent(input, this.deps.clock());
    const decisionRow = ev.type === 'decision_made' ? decisionFields(ev.detail, ev.summary) : undefined;
    const result = await this.locked(id, ctx, async (r, e): Promise<AppendResult> => {
      const prior = ev.eventKey ? await r.findEventByKey(e.id, ev.eventKey) : undefined;
      if (prior) {
        if (!sameEvent(prior, ev)) throw new DuplicateEventError(`event id "${ev.eventKey}" was already used for a different event (#${prior.seq} ${prior.type}) in this PRD execution`);
        const decision = prior.type === 'decision_made' ? await r.decisionOfEvent(prior.id) : undefined;
        return { event: prior, execution: e, duplicate: true, ...(decision ? { decision } : {}) };
      }
      if (e.status === 'completed') throw new PrdClosedError(`PRD execution ${e.id} is completed; its log takes no more events`);
      const progress = applyEvent(e.progress, ev);
      const now = this.deps.clock();
      const event = await r.insertEvent(e.id, e.lastSeq + 1, ev, now);
      const decision = decisionRow ? await r.insertDecision(e.id, event.id, { ...decisionRow, requirementId: ev.requirementId, agentId: ev.agentId }, now) : undefined;
      const execution = await r.update(e.id, { progress, lastSeq: event.seq, status: statusAfterEvent(e.status) }, now);
      return { event, execution, duplicate: false, ...(decision ? { decision } : {}) };
    });
    if (!result.duplicate && (await formAfterAppend(this.repo, this.deps.formation, result.execution, result.event, result.decision, ctx))) {
      await this.repo.bumpRevision(id, this.deps.clock());
      this.deps.cache.invalidate(id);
    }
    return result;
  }

  /** Records a decision: a decision_made event and its decision row, in one transaction. */
  async recordDecision(id: string, input: PrdDecisionInput, ctx: CallContext): Promise<AppendResult & { decision: PrdDecision }> {
    const detail: Record<string, unknown> = { alternatives: input.alternatives ?? [] };
    if (input.reason !== undefined) detail['reason'] = input.reason;
    const r = await this.appendEvent(id, {
      type: 'decision_made', summary: input.decision, detail,
      ...(input.requirementId !== undefined ? { requirementId: input.requirementId } : {}),
      ...(input.agentId !== undefined ? { agentId: input.agentId } : {}),
      ...(input.eventId !== undefined ? { eventId: input.eventId } : {}),
    }, ctx);
    if (!r.decision) throw new DuplicateEventError(`event id "${input.eventId ?? ''}" belongs to an event that is not a decision`);
    return { ...r, decision: r.decision };
  }

  /**
   * Changes the status (INVALID_TRANSITION leaves it unchanged). Completing compacts the log and
   * hands decisions and learnings to the gate; completing again retries an unfinished compaction.
   */
  async updateStatus(id: string, status: PrdStatus, ctx: CallContext): Promise<{ execution: PrdExecution; compaction?: CompactionReport }> {
    const after = await this.locked(id, ctx, async (r, e) => {
      assertTransition(e.status, status, e.progress);
      if (e.status === status) return e;
      const now = this.deps.clock();
      return r.update(e.id, { status, ...(status === 'completed' ? { completedAt: now } : {}) }, now);
    });
    if (status !== 'completed' || after.compactedAt) return { execution: after };
    const compaction = await compactExecution(this.repo, this.deps.formation, after, ctx, this.deps.clock);
    this.deps.cache.invalidate(id);
    return { execution: this.visible(await this.repo.findById(id), id, ctx), compaction };
  }

  async get(id: string, ctx: CallContext): Promise<PrdExecution> {
    return this.visible(await this.repo.findById(id), id, ctx);
  }

  async list(ctx: CallContext, opts: { scope?: string; status?: PrdStatus; limit?: number } = {}): Promise<PrdExecution[]> {
    return this.repo.list(resolveReadScopes(opts.scope, ctx), { ...(opts.status ? { status: opts.status } : {}), limit: opts.limit ?? 50 });
  }

  /** The full log in order, paginated by sequence number. */
  async events(id: string, ctx: CallContext, opts: { afterSeq?: number; limit?: number } = {}): Promise<PrdEvent[]> {
    await this.get(id, ctx);
    return this.repo.events(id, { ...(opts.afterSeq !== undefined ? { afterSeq: opts.afterSeq } : {}), limit: opts.limit ?? 100 });
  }

  async decisions(id: string, ctx: CallContext): Promise<PrdDecision[]> {
    await this.get(id, ctx);
    return this.repo.decisions(id);
  }

  cacheStats(): { hits: number; misses: number; size: number } {
    return { hits: this.deps.cache.hits, misses: this.deps.cache.misses, size: this.deps.cache.size };
  }
}
