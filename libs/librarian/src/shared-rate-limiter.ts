import { sql, type Kysely } from 'kysely';
import { RateLimiter, type LimitOf } from './rate-limiter.js';

/** Options of {@link SharedRateLimiter}. */
export interface SharedRateLimiterOptions {
  /** How often the buckets are reconciled with the database (default 250 ms). */
  syncMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** Buckets idle this long are no longer reconciled (they are full again by then for any sane limit). */
const IDLE_MS = 60_000;

/**
 * Per-actor limits shared by every process on one database (ADR-0027). Decisions stay local and
 * synchronous (the gate's `tryTake` interface); every `syncMs` each process debits the tokens it
 * took from the actor's row in `rate_limit_buckets` (refilled by elapsed time in the same statement)
 * and adopts the shared balance. Over time the actor gets exactly its rate however many replicas
 * serve it; within one sync interval a burst can exceed the bucket by what the other processes
 * took meanwhile, and that excess is owed (the shared balance goes negative, down to -capacity).
 */
export class SharedRateLimiter extends RateLimiter {
  private readonly debits = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;

  constructor(private readonly db: Kysely<any>, limitOf: LimitOf, private readonly options: SharedRateLimiterOptions = {}) {
    super(limitOf, options.now ?? Date.now);
  }

  protected override taken(key: string): void {
    this.debits.set(key, (this.debits.get(key) ?? 0) + 1);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sync().catch((e: unknown) => this.options.onError?.(e)), this.options.syncMs ?? 250);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.syncing?.catch(() => undefined);
  }

  /** One reconciliation of every recently used bucket (one statement). */
  sync(): Promise<void> {
    this.syncing ??= this.reconcile().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async reconcile(): Promise<void> {
    const now = this.now();
    const rows: { actor: string; capacity: number; refill: number; debit: number }[] = [];
    for (const [actor, bucket] of [...this.buckets.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const limit = this.limitOf(actor);
      const debit = this.debits.get(actor) ?? 0;
      if (limit === null || (debit === 0 && now - bucket.at > IDLE_MS)) continue;
      rows.push({ actor, capacity: limit.capacity, refill: limit.refillPerSecond, debit });
    }
    if (rows.length === 0) return;
    for (const r of rows) this.debits.delete(r.actor);
    let result;
    try {
      // Through engram_debit_rate_buckets: the service login may not write the buckets itself (issue 36).
      result = await sql<{ actor: string; tokens: number }>`
        SELECT actor, tokens FROM engram_debit_rate_buckets(${rows.map((r) => r.actor)}::text[], ${rows.map((r) => r.capacity)}::float8[],
          ${rows.map((r) => r.refill)}::float8[], ${rows.map((r) => r.debit)}::float8[])`.execute(this.db);
    } catch (error) {
      // Not debited: keep the counts for the next attempt.
      for (const r of rows) this.debits.set(r.actor, (this.debits.get(r.actor) ?? 0) + r.debit);
      throw error;
    }
    const at = this.now();
    for (const { actor, tokens } of result.rows) {
      const bucket = this.buckets.get(actor);
      // Tokens taken here while the statement ran are not in the shared balance yet.
      if (bucket) this.buckets.set(actor, { tokens: Number(tokens) - (this.debits.get(actor) ?? 0), at });
    }
  }
}
