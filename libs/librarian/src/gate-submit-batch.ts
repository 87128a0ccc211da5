import { randomUUID } from 'node:crypto';
import type { Actor } from './actor.js';
import { admit, type Admitted } from './admit.js';
import type { Layer2Result } from './decision-context.js';
import { decideFromCandidates, planCreate, type CreatePlan, type CreateRequest } from './decision-create.js';
import type { GateContext } from './gate-context.js';
import type { GateOutcome } from './gate-outcome.js';
import { judgeAndSettle, judgeDepsOf } from './gate-submit.js';
import { verdictOf } from './judge.js';
import { findLayer2CandidatesBatch, type Layer2BatchResult } from './layer2-candidates-batch.query.js';

/** The most creates one batched Layer 2 read covers (memory.store_batch's own cap). */
export const MAX_BATCH_READ = 100;

/**
 * Submits requests as if one after another, in order (issue 39, ADR-0050), with one Layer 2 read
 * for a run of creates instead of one per create. Each request is admitted in order (rate limit,
 * Layer 1). A run of plain creates (no links) is planned in order (the word table sees them as
 * a sequential store would), then read in ONE statement, then judged in order: a create is judged
 * from that read while no create judged after the read that its read could find (the statement
 * says which) has committed, and no update of a near duplicate has; otherwise everything settled
 * so far is awaited and the next span of the run (halved after a stale read, doubled after a
 * read used to its end) is read again. Creates judged from the same read are
 * settled without waiting for each other, so they share the group commit. Any other request
 * (an update, a create with links) waits for everything before it and goes through alone.
 */
export async function submitBatch(ctx: GateContext, inputs: readonly unknown[], actor: Actor): Promise<GateOutcome[]> {
  const out: Promise<GateOutcome>[] = [];
  let run: { at: number; a: Admitted }[] = [];
  const flush = async () => {
    const settled = await settleRun(ctx, run.map((r) => r.a), out);
    run.forEach((r, i) => { out[r.at] = settled[i] as Promise<GateOutcome>; });
    run = [];
  };
  for (const [at, input] of inputs.entries()) {
    const admission = await admit(ctx, randomUUID(), input, actor);
    if (!admission.admitted) out[at] = Promise.resolve(admission.outcome);
    else if (admission.request.request.op === 'create' && !admission.request.request.links?.length) run.push({ at, a: admission.request });
    else {
      await flush();
      await Promise.allSettled(out);
      out[at] = judgeAndSettle(ctx, admission.request);
      await out[at]?.catch(() => undefined);
    }
  }
  await flush();
  return Promise.all(out);
}

/** Plans, reads and judges a run of creates; returns each one's settlement in flight. */
async function settleRun(ctx: GateContext, run: readonly Admitted[], earlier: readonly (Promise<GateOutcome> | undefined)[]): Promise<Promise<GateOutcome>[]> {
  const base = judgeDepsOf(ctx);
  const depsOf = (a: Admitted) => ({ ...base, actor: a.actor, reviewing: false });
  const plans: (CreatePlan | Layer2Result)[] = [];
  for (const a of run) plans.push(await planCreate(a.request as CreateRequest, depsOf(a)));
  const settling: Promise<GateOutcome>[] = [];
  const window = new ReadWindow();
  // How many creates the next read covers: halved each time a read goes stale before its end
  // (records of one topic find each other: each create may need the one before it stored), doubled
  // when a read was used to its end. A run whose every create finds the one before costs about one
  // read per create, as the sequence does, instead of reading the whole rest of the run each time.
  let span = MAX_BATCH_READ;
  for (const [k, a] of run.entries()) {
    const plan = plans[k] as CreatePlan | Layer2Result;
    if (!('query' in plan)) {
      settling.push(watched(ctx.committer.settle(a, verdictOf(ctx, plan))));
      continue;
    }
    if (!window.fresh(k, plan)) {
      span = window.covers(k) ? Math.max(1, Math.floor(span / 2)) : Math.min(MAX_BATCH_READ, span * 2);
      await Promise.allSettled([...earlier, ...settling]);
      window.reset(await findLayer2CandidatesBatch(ctx.db, window.items(plans, k, span)));
    }
    const l2 = await decideFromCandidates(plan, window.found(k), depsOf(a));
    const judgement = verdictOf(ctx, l2);
    if (judgement.verdict === 'commit') window.wrote(k, plan, l2);
    settling.push(watched(ctx.committer.settle(a, judgement)));
  }
  return settling;
}

/** A settlement answered later (with the whole batch): handled now, so a failure is not an unhandled rejection meanwhile. */
function watched(p: Promise<GateOutcome>): Promise<GateOutcome> {
  p.catch(() => undefined);
  return p;
}

/** One batched read over a run's creates from `from` on, and what was judged to commit since it. */
class ReadWindow {
  private results = new Map<number, Layer2BatchResult>();
  private positions: number[] = [];
  private written = new Set<number>();
  private ids = new Set<string>();
  private updated = false;

  /** The creates from `k` on (at most `span`, at most MAX_BATCH_READ) as the batched read's items. */
  items(plans: readonly (CreatePlan | Layer2Result)[], k: number, span = MAX_BATCH_READ) {
    this.positions = [];
    const most = Math.min(span, MAX_BATCH_READ);
    for (let i = k; i < plans.length && this.positions.length < most; i++) if ('query' in (plans[i] as object)) this.positions.push(i);
    return this.positions.map((i) => {
      const p = plans[i] as CreatePlan;
      return { query: p.query, tags: p.request.tags ?? [] };
    });
  }

  /** A new read over the items `items` named, made after everything judged before them settled. */
  reset(results: Layer2BatchResult[]): void {
    this.results = new Map(results.map((r, j) => [this.positions[j] as number, { ...r, touchedBy: r.touchedBy.map((t) => this.positions[t] as number) }]));
    this.written.clear();
    this.ids.clear();
    this.updated = false;
  }

  /** Whether the last read covered create `k` (false: the read was used to its end, or none yet). */
  covers(k: number): boolean {
    return this.results.has(k);
  }

  /** True while create `k`'s row set in the read is what a read of its own would return now. */
  fresh(k: number, plan: CreatePlan): boolean {
    const r = this.results.get(k);
    if (!r || this.updated) return false;
    if (plan.request.id !== undefined && this.ids.has(plan.request.id)) return false;
    return !r.touchedBy.some((t) => this.written.has(t));
  }

  found(k: number) {
    return (this.results.get(k) as Layer2BatchResult).found;
  }

  /** Create `k` is judged to commit: a new record, or (rewritten by Layer 2) the update of a stored one. */
  wrote(k: number, plan: CreatePlan, l2: Layer2Result): void {
    this.written.add(k);
    if (plan.request.id !== undefined) this.ids.add(plan.request.id);
    if (l2.request.op !== 'create') this.updated = true;
  }
}
