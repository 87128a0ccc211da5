import type { Kysely } from 'kysely';
import { RecordReader, type Page, type TypeRegistry } from '@engram/memory';
import type { Actor } from './actor.js';
import type { GateDatabase } from './database-schema.js';
import type { GateContext } from './gate-context.js';
import type { GateAuditEntry, GateOutcome, GateRequest } from './gate-outcome.js';
import { getGateRequest, listAudit, listGateRequests, type GateRequestFilter } from './gate-request.repository.js';
import { approveAllRequests, approveRequest, rejectRequest } from './gate-review.js';
import { submitRequest } from './gate-submit.js';
import { submitBatch } from './gate-submit-batch.js';
import { ImportPresence } from './import-presence.js';
import { DEFAULT_LIMITS, type GateLimits } from './hard-constraints.js';
import { DEFAULT_POLICY, type GatePolicy } from './policy.js';
import { RateLimiter } from './rate-limiter.js';
import { WordRarity } from './word-rarity.js';
import { BatchedCommitter } from './commit/batched.committer.js';
import { TransactionalCommitter } from './commit/transactional.committer.js';
import type { WriteRequestInput } from './write-request.js';

/** The librarian gate: the only way anything durable is written to memory (FR-05, ADR-012). */
export interface Gate {
  /** admit (Layer 1) → judge (Layer 2 + policy) → settle (commit / queue / noop / reject), ADR-0038. Never throws for a refused request: see `status`. */
  submit(request: WriteRequestInput, actor: Actor): Promise<GateOutcome>;
  /**
   * Submits the requests as `submit` would one after another, in order, and answers each one's
   * outcome in order: the same outcomes, rows and audit as that sequence (ADR-0050). Creates
   * share one Layer 2 read and the group commit. Throws only for a real failure, like `submit`.
   */
  submitBatch(requests: readonly WriteRequestInput[], actor: Actor): Promise<GateOutcome[]>;
  /** A request by id (poll a pending one). Throws GateRequestNotFoundError. */
  getRequest(requestId: string): Promise<GateRequest>;
  /** Requests oldest first, e.g. `{ status: 'pending' }` for the review queue. */
  listRequests(filter?: GateRequestFilter): Promise<Page<GateRequest>>;
  /** Every audit row of a request. */
  auditTrail(requestId: string): Promise<GateAuditEntry[]>;
  /** Commits a pending request; a stale one is rejected with the reason. Throws GateRequestNotPendingError. */
  approve(requestId: string, reviewer: string, note?: string): Promise<GateOutcome>;
  /** Rejects a pending request. Throws GateRequestNotPendingError. */
  reject(requestId: string, reviewer: string, reason: string): Promise<GateOutcome>;
  /** Approves all pending requests matching the filter. */
  approveAll(filter: Omit<GateRequestFilter, 'status' | 'cursor'>, reviewer: string): Promise<GateOutcome[]>;
  /** Layer 1 refusals (rate limit, schema, size, secret…) per code since start: they are counted, not logged. */
  layer1Rejections(): Record<string, number>;
  /** True when an `import` request's versions are all stored exactly: a re-import may skip it (a read, no write). */
  alreadyImported(request: WriteRequestInput): Promise<boolean>;
}

/** Options of {@link createGate}. `db` is any kysely handle on the engram database. */
export interface GateOptions {
  db: Kysely<any>;
  registry: TypeRegistry;
  policy?: GatePolicy;
  clock?: () => Date;
  limits?: Partial<GateLimits>;
  /** Per-actor limits (operator rules, shared across processes: ADR-0027); default one in-memory bucket per actor at `limits.rate`. */
  rateLimiter?: RateLimiter;
}

/** Creates the gate. Rate-limit buckets live in this instance (one per process). */
export function createGate(options: GateOptions): Gate {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const clock = options.clock ?? (() => new Date());
  const db = options.db as Kysely<GateDatabase>;
  const alone = new TransactionalCommitter({ db, registry: options.registry, clock });
  const ctx: GateContext = {
    db, registry: options.registry, policy: options.policy ?? DEFAULT_POLICY, limits, clock,
    rateLimiter: options.rateLimiter ?? new RateLimiter(limits.rate, () => clock().getTime()), rarity: new WordRarity(),
    committer: new BatchedCommitter({ db, registry: options.registry, clock, alone }), rejections: new Map(),
    presence: new ImportPresence(new RecordReader(db)),
  };
  return {
    submit: (request, actor) => submitRequest(ctx, request, actor),
    submitBatch: (requests, actor) => submitBatch(ctx, requests, actor),
    getRequest: (id) => getGateRequest(ctx.db, id),
    listRequests: (filter) => listGateRequests(ctx.db, filter),
    auditTrail: (id) => listAudit(ctx.db, id),
    approve: (id, reviewer, note) => approveRequest(ctx, id, reviewer, note),
    reject: (id, reviewer, reason) => rejectRequest(ctx, id, reviewer, reason),
    approveAll: (filter, reviewer) => approveAllRequests(ctx, filter, reviewer),
    layer1Rejections: () => Object.fromEntries(ctx.rejections),
    alreadyImported: (request) => ctx.presence.alreadyImported(request),
  };
}
