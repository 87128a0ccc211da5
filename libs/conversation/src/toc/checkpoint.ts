import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ConversationDb } from '../conversation-database.js';

/**
 * The builder's resumable state for one project (TOC-05, STOR-03). `dirty` collects days whose
 * events changed (from the outbox); a run freezes them into an ordered plan of units (days, then
 * their weeks, months, years) and advances `next` in the same transaction that writes a unit's
 * nodes, so after a crash the run resumes at the first unit not committed: nothing is redone,
 * nothing is skipped.
 */
export interface BuildState {
  dirty: string[];
  /** The next run rewrites every unit (set by a rebuild). */
  forceNext?: boolean;
  run: {
    id: string;
    /** Write new versions even where the inputs did not change (`engram toc rebuild`). */
    force: boolean;
    units: string[];
    next: number;
    written: number;
    startedAt: string;
  } | null;
  /** When the last run finished and what it did (status). */
  last: { runId: string; finishedAt: string; units: number; written: number } | null;
}

const EMPTY: BuildState = { dirty: [], run: null, last: null };

/** Reads a project's state, locking its row for the rest of the transaction (creating it if absent). */
export async function lockState(trx: ConversationDb, project: string): Promise<BuildState> {
  await trx.insertInto('toc_checkpoints').values({ project, run_id: '-', state: JSON.stringify(EMPTY) })
    .onConflict((oc) => oc.column('project').doNothing()).execute();
  const row = await trx.selectFrom('toc_checkpoints').select('state').where('project', '=', project).forUpdate().executeTakeFirstOrThrow();
  return (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as BuildState;
}

export async function saveState(trx: ConversationDb, project: string, state: BuildState): Promise<void> {
  await trx.updateTable('toc_checkpoints')
    .set({ state: JSON.stringify(state), run_id: state.run?.id ?? state.last?.runId ?? '-', updated_at: sql`now()` })
    .where('project', '=', project).execute();
}

/** Reads without locking (status). */
export async function readState(db: ConversationDb, project: string): Promise<BuildState & { updatedAt: Date | null }> {
  const row = await db.selectFrom('toc_checkpoints').select(['state', 'updated_at']).where('project', '=', project).executeTakeFirst();
  if (!row) return { ...EMPTY, updatedAt: null };
  return { ...((typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as BuildState), updatedAt: new Date(row.updated_at) };
}

/** Adds days to the dirty set (sorted, unique). */
export function markDirty(state: BuildState, dayIds: Iterable<string>): BuildState {
  return { ...state, dirty: [...new Set([...state.dirty, ...dayIds])].sort() };
}

/** Starts a run over the dirty days unless one is in progress. */
export function startRun(state: BuildState, plan: (days: string[]) => string[]): BuildState {
  if (state.run || state.dirty.length === 0) return state;
  return {
    dirty: [], forceNext: false, last: state.last,
    run: { id: randomUUID(), force: state.forceNext === true, units: plan(state.dirty), next: 0, written: 0, startedAt: new Date().toISOString() },
  };
}
