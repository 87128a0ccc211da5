import { sql, type Kysely } from 'kysely';
import { decodeCursor, encodeCursor, isUuid, type Page } from '@engram/memory';
import type { GateDatabase } from './database-schema.js';
import type { GateAuditEntry } from './gate-outcome.js';

/** Filter of {@link searchGateAudit}; every field narrows the log. */
export interface GateAuditFilter {
  action?: string;
  /** Case-insensitive substring of the reviewer (issue 37: `ui:` finds every inspector review, `Alice` finds `cli:alice`). */
  reviewerContains?: string;
  memoryId?: string;
  requestId?: string;
  /** Case-insensitive substring of the reason. */
  reasonContains?: string;
  limit?: number;
  cursor?: string;
}

/** Gate decisions per UTC day and action, for throughput charts. */
export interface GateThroughputDay {
  day: string;
  action: string;
  count: number;
}

type AuditRow = {
  id: string; request_id: string; action: string; decision: string | null; reason: string; policy_matched: string | null;
  reviewer: string | null; memory_id: string | null; memory_version: number | string | null; created_at: Date | string;
};

function toEntry(r: AuditRow): GateAuditEntry {
  return {
    id: r.id, requestId: r.request_id, action: r.action, decision: r.decision, reason: r.reason, policyMatched: r.policy_matched,
    reviewer: r.reviewer, memoryId: r.memory_id, memoryVersion: r.memory_version === null ? null : Number(r.memory_version),
    createdAt: new Date(r.created_at),
  };
}

/** The gate's audit log, newest first, keyset-paginated on (created_at, id). A malformed id matches nothing. */
export async function searchGateAudit(db: Kysely<GateDatabase>, f: GateAuditFilter = {}): Promise<Page<GateAuditEntry>> {
  const limit = Math.min(Math.max(f.limit ?? 50, 1), 500);
  if ((f.memoryId && !isUuid(f.memoryId)) || (f.requestId && !isUuid(f.requestId))) return { items: [], nextCursor: null };
  const before = f.cursor ? decodeCursor(f.cursor) : undefined;
  const rows = await db.selectFrom('gate_audit').selectAll()
    .$if(!!f.action, (q) => q.where('action', '=', f.action as string))
    .$if(!!f.reviewerContains, (q) => q.where(sql<boolean>`strpos(lower(coalesce(reviewer, '')), lower(${f.reviewerContains as string})) > 0`))
    .$if(!!f.memoryId, (q) => q.where('memory_id', '=', f.memoryId as string))
    .$if(!!f.requestId, (q) => q.where('request_id', '=', f.requestId as string))
    .$if(!!f.reasonContains, (q) => q.where(sql<boolean>`strpos(lower(reason), lower(${f.reasonContains as string})) > 0`))
    .$if(!!before, (q) => q.where(sql<boolean>`(created_at, id) < (${before?.createdAt.toISOString()}::timestamptz, ${before?.id}::uuid)`))
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
  const items = rows.slice(0, limit).map((r) => toEntry(r as AuditRow));
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

/** Decisions per day and action over the last `days` days (UTC), oldest day first. */
export async function gateThroughput(db: Kysely<GateDatabase>, days = 14, now = new Date()): Promise<GateThroughputDay[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const rows = await sql<{ day: string; action: string; count: string | number }>`
    SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, action, count(*) AS count
    FROM gate_audit WHERE created_at >= ${since.toISOString()}::timestamptz
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  return rows.rows.map((r) => ({ day: r.day, action: r.action, count: Number(r.count) }));
}
