import { sql, type Kysely } from 'kysely';
import type { MemoryDatabase } from '../database-schema.js';

/** How many records of a type are in a status. */
export interface TypeStatusCount {
  type: string;
  status: string;
  count: number;
}

/** Records created on a UTC day, per type. */
export interface DailyTypeCount {
  day: string;
  type: string;
  count: number;
}

/** Head records counted by type and status (one grouped scan; for the operator's dashboards). */
export async function countMemoriesByTypeAndStatus(db: Kysely<MemoryDatabase>): Promise<TypeStatusCount[]> {
  const rows = await sql<{ type: string; status: string; count: string | number }>`
    SELECT type, status, count(*) AS count FROM memories GROUP BY type, status ORDER BY type, status`.execute(db);
  return rows.rows.map((r) => ({ type: r.type, status: r.status, count: Number(r.count) }));
}

/** Records created per UTC day and type over the last `days` days, oldest day first. */
export async function countMemoriesCreatedPerDay(db: Kysely<MemoryDatabase>, days = 30, now = new Date()): Promise<DailyTypeCount[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const rows = await sql<{ day: string; type: string; count: string | number }>`
    SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, type, count(*) AS count
    FROM memories WHERE created_at >= ${since.toISOString()}::timestamptz GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  return rows.rows.map((r) => ({ day: r.day, type: r.type, count: Number(r.count) }));
}
