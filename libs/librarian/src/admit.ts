import type { TypeRegistry } from '@engram/memory';
import type { Actor } from './actor.js';
import type { GateOutcome } from './gate-outcome.js';
import { checkHardConstraints, type GateLimits } from './hard-constraints.js';
import type { GatePolicy } from './policy.js';
import type { RateLimiter } from './rate-limiter.js';
import type { WriteRequest } from './write-request.js';

/*
 * Stage 1 of the gate (ADR-0038): admit. The actor's rate limit, then Layer 1's hard constraints
 * (schema, registered types, sizes, secrets and PII). Nothing here touches the database: a
 * refusal is answered and counted, never stored (issue 17), so a runaway or hostile client does
 * not turn into writes exactly when it should be shed.
 */

/** A request that passed Layer 1: parsed, redacted, with the id its rows will carry. */
export interface Admitted {
  requestId: string;
  request: WriteRequest;
  actor: Actor;
  /** Kinds of sensitive data Layer 1 replaced, as the outcome reports them (absent when none). */
  redactions: { redactions?: string[] };
  /** The submitted `op` and `scope` as given (cut to 200 characters): what a rejection row names. */
  raw: { operation: string; scope: string };
}

/** Stage 1's value: admitted, or refused with the outcome to answer. */
export type Admission = { admitted: true; request: Admitted } | { admitted: false; outcome: GateOutcome };

/** What admission reads. `rejections` counts Layer 1 refusals per code (the gate's metrics). */
export interface AdmitDeps {
  registry: TypeRegistry;
  policy: GatePolicy;
  limits: GateLimits;
  rateLimiter: RateLimiter;
  rejections: Map<string, number>;
}

/** Layer 1: the rate limit, then the hard constraints. Returns a value; never writes, never throws for a refusal. */
export async function admit(deps: AdmitDeps, requestId: string, input: unknown, actor: Actor): Promise<Admission> {
  if (!deps.rateLimiter.tryTake(actor.id)) {
    const { capacity, refillPerSecond } = deps.limits.rate;
    return shed(deps, requestId, 'RATE_LIMITED', `actor ${actor.id} exceeded ${capacity} writes (refill ${refillPerSecond}/s); retry later`);
  }
  const l1 = await checkHardConstraints(input, deps.registry, deps.policy, deps.limits);
  if (!l1.ok) return shed(deps, requestId, l1.code, l1.reason);
  return {
    admitted: true,
    request: {
      requestId, request: l1.request, actor, redactions: l1.redactions.length ? { redactions: l1.redactions } : {},
      raw: { operation: rawField(input, 'op'), scope: rawField(input, 'scope') },
    },
  };
}

/** A Layer 1 refusal: counted per code, answered with the code and the reason, nothing stored. */
function shed(deps: AdmitDeps, requestId: string, code: string, reason: string): Admission {
  deps.rejections.set(code, (deps.rejections.get(code) ?? 0) + 1);
  return { admitted: false, outcome: { requestId, status: 'rejected', decision: 'REJECT', reason: `rejected (${code}): ${reason}`, code } };
}

function rawField(input: unknown, key: string): string {
  const v = input && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v.slice(0, 200) : 'unknown';
}
