import { sql } from 'kysely';
import { InvalidTocQueryError } from '../errors.js';
import { readState, type BuildState } from './checkpoint.js';
import type { ConversationDb } from '../conversation-database.js';

/** What `engram toc status` shows (CLI-03). */
export interface TocStatus {
  project: string;
  events: number;
  nodes: Record<'year' | 'month' | 'week' | 'day' | 'segment', number>;
  versions: number;
  supersededVersions: number;
  grips: number;
  pendingOutbox: number;
  checkpoint: BuildState & { updatedAt: Date | null };
}

export async function tocStatus(db: ConversationDb, project: string): Promise<TocStatus> {
  const levels = await db.selectFrom('toc_latest').select(['level', (eb) => eb.fn.countAll<string>().as('n')])
    .where('project', '=', project).groupBy('level').execute();
  const nodes = { year: 0, month: 0, week: 0, day: 0, segment: 0 };
  for (const r of levels) nodes[r.level as keyof typeof nodes] = Number(r.n);
  const count = async (q: Promise<{ n: string | number | bigint } | undefined>) => Number((await q)?.n ?? 0);
  const versions = await count(db.selectFrom('toc_nodes').select((eb) => eb.fn.countAll<string>().as('n')).where('project', '=', project).executeTakeFirst());
  const latest = Object.values(nodes).reduce((a, b) => a + b, 0);
  return {
    project,
    events: await count(db.selectFrom('conversation_events').select((eb) => eb.fn.countAll<string>().as('n')).where('project', '=', project).executeTakeFirst()),
    nodes, versions, supersededVersions: versions - latest,
    grips: await count(db.selectFrom('toc_grips').select((eb) => eb.fn.countAll<string>().as('n')).where('project', '=', project).executeTakeFirst()),
    pendingOutbox: await count(db.selectFrom('conversation_outbox').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project', '=', project).where('processed_at', 'is', null).executeTakeFirst()),
    checkpoint: await readState(db, project),
  };
}

/** Outbox rows of every project the TOC builder has not consumed yet (`/health`). */
export async function pendingOutbox(db: ConversationDb): Promise<number> {
  const r = await db.selectFrom('conversation_outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('processed_at', 'is', null).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Whether the builder has anything to do: unconsumed outbox rows, dirty days or an unfinished run. */
export async function hasBuildWork(db: ConversationDb): Promise<boolean> {
  const outbox = await db.selectFrom('conversation_outbox').select('id').where('processed_at', 'is', null).limit(1).executeTakeFirst();
  if (outbox) return true;
  const open = await db.selectFrom('toc_checkpoints').select('project')
    .where(sql<boolean>`jsonb_typeof(state->'run') = 'object' OR jsonb_array_length(state->'dirty') > 0`).limit(1).executeTakeFirst();
  return open !== undefined;
}

/**
 * Drops node versions that are no longer current (superseded by a rebuild, or segments a
 * backfill merged away) and older than `olderThanDays` (CLI-03 compact). Current versions,
 * grips and the event log are never touched; Postgres (auto)vacuum reclaims the space.
 */
export async function compactToc(db: ConversationDb, project: string, opts: { olderThanDays: number }): Promise<{ deleted: number }> {
  if (!Number.isInteger(opts.olderThanDays) || opts.olderThanDays < 0) throw new InvalidTocQueryError('older-than must be a whole number of days >= 0');
  // The service login may not delete node versions itself: the function deletes only superseded ones (issue 17).
  const { rows } = await sql<{ deleted: number }>`SELECT engram_compact_toc(${project}, ${opts.olderThanDays}::integer) AS deleted`.execute(db);
  return { deleted: Number(rows[0]?.deleted ?? 0) };
}
