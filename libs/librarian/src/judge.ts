import type { Admitted } from './admit.js';
import type { DecisionDeps, Layer2Result } from './decision-context.js';
import { decideCreate } from './decision-create.js';
import { decideExisting } from './decision-existing.js';
import { evaluatePolicy } from './policy.js';
import type { WriteRequest } from './write-request.js';

/*
 * Stage 2 of the gate (ADR-0038): judge. Layer 2 reads the store (duplicates, conflicts, the
 * target's state) and decides; the policy is evaluated ONCE on that decision; the result is a
 * value that says what settling must do. Nothing is written here, and nothing is thrown for a
 * refusal: a rejection is a verdict like any other.
 */

/** Stage 2's value: what to do with an admitted request, decided once. `l2.request` may be rewritten. */
export type Judgement =
  | { verdict: 'reject'; l2: Layer2Result; code: string; reason: string; policyMatched?: string }
  | { verdict: 'noop'; l2: Layer2Result }
  | { verdict: 'queue'; l2: Layer2Result; reason: string; policyMatched: string }
  | { verdict: 'commit'; l2: Layer2Result; reason: string; policyMatched: string };

/** What judging reads: the store (a handle, or the review's transaction), the type registry, the policy. */
export type JudgeDeps = Omit<DecisionDeps, 'actor' | 'reviewing'>;

/** Layer 2, then the policy on its decision: reject / noop / queue / commit, with the reason to log. */
export async function judge(deps: JudgeDeps, a: Admitted): Promise<Judgement> {
  return verdictOf(deps, await decide(a.request, { ...deps, actor: a.actor, reviewing: false }));
}

/** The policy on a Layer 2 result: the judgement (the batch submitter decides Layer 2 itself, then asks this). */
export function verdictOf(deps: Pick<JudgeDeps, 'policy' | 'registry'>, l2: Layer2Result): Judgement {
  if (l2.decision === 'REJECT') return { verdict: 'reject', l2, code: l2.code ?? 'REJECTED', reason: l2.reason };
  if (l2.decision === 'NOOP') return { verdict: 'noop', l2 };
  const { action, policyMatched } = evaluatePolicy(deps.policy, l2.context, deps.registry);
  if (action === 'reject') return { verdict: 'reject', l2, code: 'POLICY_REJECTED', reason: `policy rule ${policyMatched} rejects this request`, policyMatched };
  if (action === 'queue') return { verdict: 'queue', l2, policyMatched, reason: `queued for review by policy ${policyMatched}: ${l2.reason}` };
  return { verdict: 'commit', l2, policyMatched, reason: `auto-approved by policy ${policyMatched}: ${l2.reason}` };
}

/** Layer 2 alone: ADD / UPDATE / NOOP / SUPERSEDE / ... with duplicate and conflict checks (approval re-runs this). */
export async function decide(request: WriteRequest, deps: DecisionDeps): Promise<Layer2Result> {
  if (request.op === 'create') return decideCreate(request, deps);
  return decideExisting(request, deps);
}
