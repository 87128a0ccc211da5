import { sql, type Kysely } from 'kysely';
import type { PartialDB } from './cascade-reviews.table.js';

/** A memory to review because a record it was derived from is no longer current. */
export interface CascadeFlag {
  memoryId: string;
  causeId: string;
  causeStatus: string;
  reason: string;
}

/** A stored flag. */
export interface CascadeReview extends CascadeFlag {
  flaggedAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
}

/**
 * Where cascades are queued for review. `flag` is idempotent: a (memory, cause) pair is flagged
 * once, however often retrieval meets it; resolving it does not re-open it.
 */
export interface CascadeReviewQueue {
  /** Returns how many flags were new. */
  flag(flags: readonly CascadeFlag[]): Promise<number>;
  /** Open flags, oldest first. */
  listOpen(limit?: number): Promise<CascadeReview[]>;
  /** Marks every open flag of a memory resolved; returns how many. */
  resolve(memoryId: string, resolvedBy: string): Promise<number>;
}

type Row = { memory_id: string; cause_id: string; cause_status: string; reason: string; flagged_at: Date | string; resolved_at: Date | string | null; resolved_by: string | null };

function toReview(r: Row): CascadeReview {
  return {
    memoryId: r.memory_id, causeId: r.cause_id, causeStatus: r.cause_status, reason: r.reason, flaggedAt: new Date(r.flagged_at),
    resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at), resolvedBy: r.resolved_by,
  };
}

/** The Postgres (or PGlite) cascade review queue over the `cascade_reviews` table. */
export function createCascadeReviewQueue(handle: Kysely<any>): CascadeReviewQueue {
  const db = handle as Kysely<PartialDB>;
  return {
    async flag(flags) {
      if (flags.length === 0) return 0;
      const rows = flags.map((f) => ({ memory_id: f.memoryId, cause_id: f.causeId, cause_status: f.causeStatus, reason: f.reason }));
      const inserted = await db.insertInto('cascade_reviews').values(rows)
        .onConflict((oc) => oc.columns(['memory_id', 'cause_id']).doNothing()).returning('memory_id').execute();
      return inserted.length;
    },
    async listOpen(limit = 100) {
      const rows = await db.selectFrom('cascade_reviews').selectAll().where('resolved_at', 'is', null)
        .orderBy('flagged_at').orderBy('memory_id').limit(Math.max(1, Math.min(limit, 1000))).execute();
      return rows.map((r) => toReview(r as Row));
    },
    async resolve(memoryId, resolvedBy) {
      const res = await db.updateTable('cascade_reviews').set({ resolved_at: sql<Date>`now()`, resolved_by: resolvedBy })
        .where('memory_id', '=', memoryId).where('resolved_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
  };
}
