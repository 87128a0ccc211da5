import type { Kysely } from 'kysely';
import { MemoryError, type MemoryRecord, type TypeRegistry } from '@engram/memory';
import type { Actor } from './actor.js';
import type { CreateBatcher } from './commit/create-batcher.js';
import type { Layer2Result } from './decision-context.js';
import type { GateDatabase } from './database-schema.js';
import type { GateOutcome, StoredPayload } from './gate-outcome.js';
import { finishGateRequest, insertGateRequest, recordDecision } from './gate-request.repository.js';
import type { GateLimits } from './hard-constraints.js';
import type { GatePolicy } from './policy.js';
import type { RateLimiter } from './rate-limiter.js';
import type { WordRarity } from './word-rarity.js';
import type { WriteRequest } from './write-request.js';

/** Everything the gate's operations share. */
export interface GateContext {
  db: Kysely<GateDatabase>;
  registry: TypeRegistry;
  policy: GatePolicy;
  limits: GateLimits;
  clock: () => Date;
  rateLimiter: RateLimiter;
  rarity: WordRarity;
  /** Group commit of auto-approved creates (one per gate, so per process). */
  creates: CreateBatcher;
  /** Layer 1 refusals per code since the gate was created (they write no row; metrics read this). */
  rejections: Map<string, number>;
}

/** The payload stored with a request: redacted request, actor, flags. */
export function storedPayload(request: unknown, actor: Actor, extra: Partial<StoredPayload> = {}): StoredPayload {
  const a = { id: actor.id, kind: actor.kind, ...(actor.allowedScopes ? { allowedScopes: actor.allowedScopes } : {}) };
  return { request: JSON.parse(JSON.stringify(request ?? null)) as unknown, actor: a, ...extra };
}

/** The record a request targets, for the gate_requests.target_id column. */
export function targetIdOf(request: WriteRequest): string | null {
  if (request.op === 'create') return request.id ?? null;
  if (request.op === 'import') return request.versions[0]?.id ?? null;
  return request.id;
}

/** The outcome for a Layer 2 result that did not commit. */
export function outcomeOf(requestId: string, status: GateOutcome['status'], l2: Pick<Layer2Result, 'decision' | 'reason' | 'code' | 'duplicateOf' | 'flags'>, extra: Partial<GateOutcome> = {}): GateOutcome {
  return {
    requestId, status, decision: l2.decision, reason: l2.reason, ...(l2.code ? { code: l2.code } : {}),
    ...(l2.duplicateOf ? { duplicateOf: l2.duplicateOf } : {}), ...(l2.flags.length ? { flags: l2.flags } : {}), ...extra,
  };
}

/** A rejection that must survive a rolled-back transaction. */
export interface Rejection {
  requestId: string;
  operation: string;
  scope: string;
  actor: Actor;
  payload: StoredPayload;
  code: string;
  reason: string;
  targetId: string | null;
  policyMatched?: string;
  /** Set when a pending request is rejected: update its row instead of inserting one. */
  reviewer?: string;
  existing?: boolean;
}

/** Stores a rejection (request row + audit row) in its own transaction; nothing else is written. */
export async function recordRejection(ctx: GateContext, r: Rejection): Promise<GateOutcome> {
  const reason = `rejected (${r.code}): ${r.reason}`;
  await ctx.db.transaction().execute(async (trx) => {
    if (r.existing) {
      await finishGateRequest(trx, r.requestId, { status: 'rejected', decision: 'REJECT', reason, reviewer: r.reviewer ?? null });
    } else {
      await insertGateRequest(trx, {
        id: r.requestId, operation: r.operation, payload: r.payload, scope: r.scope, requestedBy: r.actor.id, status: 'rejected',
        decision: 'REJECT', reason, policyMatched: r.policyMatched ?? null, targetId: r.targetId,
      });
    }
    await recordDecision(trx, { requestId: r.requestId, action: 'reject', decision: 'REJECT', reason, policyMatched: r.policyMatched ?? null, reviewer: r.reviewer ?? null });
  });
  return { requestId: r.requestId, status: 'rejected', decision: 'REJECT', reason, code: r.code, ...(r.policyMatched ? { policyMatched: r.policyMatched } : {}) };
}

/** Domain errors raised while committing become rejections; anything else is a real failure. */
export function asDomainError(err: unknown): MemoryError | undefined {
  return err instanceof MemoryError ? err : undefined;
}

/** Version info of a committed record for the request row. */
export function resultOf(record: MemoryRecord): { resultId: string; resultVersion: number } {
  return { resultId: record.id, resultVersion: record.version };
}
