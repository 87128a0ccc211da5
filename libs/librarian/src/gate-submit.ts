import { randomUUID } from 'node:crypto';
import { RecordReader } from '@engram/memory';
import type { Actor } from './actor.js';
import { admit, type Admitted } from './admit.js';
import type { GateContext } from './gate-context.js';
import type { GateOutcome } from './gate-outcome.js';
import { judge, type JudgeDeps } from './judge.js';

/**
 * One write request through the gate's three stages (ADR-0038), each returning a value:
 *
 * 1. admit (admit.ts): rate limit and Layer 1 hard constraints; a refusal is counted, not stored.
 * 2. judge (judge.ts): Layer 2 reads the store and decides, the policy is evaluated once on that
 *    decision: reject / noop / queue / commit.
 * 3. settle (commit/): the committer stores what the judgement says and answers the outcome. An
 *    auto-approved create is group-committed in one statement (batched.committer.ts); anything else
 *    is settled in one transaction (transactional.committer.ts).
 *
 * No exception carries a decision from one stage to the next; only real failures throw.
 */
export async function submitRequest(ctx: GateContext, input: unknown, actor: Actor): Promise<GateOutcome> {
  const admission = await admit(ctx, randomUUID(), input, actor);
  if (!admission.admitted) return admission.outcome;
  return judgeAndSettle(ctx, admission.request);
}

/** Stages 2 and 3 of an admitted request. */
export async function judgeAndSettle(ctx: GateContext, a: Admitted): Promise<GateOutcome> {
  return ctx.committer.settle(a, await judge(judgeDepsOf(ctx), a));
}

/** What judging reads in this gate (the store, the registry, the policy, the word table, the import presence read). */
export function judgeDepsOf(ctx: GateContext): JudgeDeps {
  return {
    db: ctx.db, reader: new RecordReader(ctx.db), registry: ctx.registry, policy: ctx.policy, rarity: ctx.rarity,
    storedVersions: (id) => ctx.presence.storedVersions(id),
  };
}
