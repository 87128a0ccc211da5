import { sql } from 'kysely';
import type { ConversationDb } from '../conversation-database.js';

/** A project with a conversation TOC, and the time its summaries cover. */
export interface TocProject {
  project: string;
  from: Date;
  to: Date;
}

/**
 * The projects whose conversations the TOC has summarised, most recently active first (the web
 * inspector's Conversations page lists them, issue 37). Reads the year rows of `toc_latest`: a
 * handful per project, whatever the size of the event log. Events not yet summarised appear once
 * the TOC builder has run.
 */
export async function listTocProjects(db: ConversationDb, limit = 200): Promise<TocProject[]> {
  const rows = await db.selectFrom('toc_latest')
    .select(['project', sql<Date | string>`min(start_ts)`.as('from'), sql<Date | string>`max(end_ts)`.as('to')])
    .where('level', '=', 'year')
    .groupBy('project')
    .orderBy(sql`max(end_ts)`, 'desc').orderBy('project')
    .limit(Math.min(Math.max(limit, 1), 1000))
    .execute();
  return rows.map((r) => ({ project: r.project, from: new Date(r.from), to: new Date(r.to) }));
}
