import type { Kysely } from 'kysely';
import type { MemoryDatabase, MemoryRow } from '@engram/memory';
import { nextInSessionQuery } from '../queries/next-in-session.query.js';
import type { VisibilityFilter } from '../queries/visibility.filter.js';

/**
 * How much a turn's predecessor in its conversation counts towards the turn's own match (ADR-0020).
 * A reply rarely repeats the words of the question it answers ("what did she say after the
 * race?" → "It was exhausting, but I loved it"): the predecessor is its context, weighed at half
 * of the turn itself so a turn that matches on its own still ranks first.
 */
export const CONTEXT_WEIGHT = 0.5;

/** A scored row of one candidate list. */
export type Scored<R extends MemoryRow> = { row: R; score: number };

/** A memory that follows a candidate in its session; `context_of` is the candidate's id. */
export type Successor = MemoryRow & { context_of: string };

/**
 * For each id, the memory stored right after it in the same scope and session (visible to
 * `filter`), in one read for all candidates of the list.
 */
export async function readSuccessors(db: Kysely<MemoryDatabase>, ids: readonly string[], filter: VisibilityFilter): Promise<Successor[]> {
  if (ids.length === 0) return [];
  return (await nextInSessionQuery(db, [...new Set(ids)], filter).execute()) as Successor[];
}

/**
 * Adds to every candidate half the score of the turn before it in its session, and brings in the
 * turns that follow a candidate (they may not match on their own). Scores are divided by
 * 1 + CONTEXT_WEIGHT so they keep their [0, 1] range. Memories without a session key have no
 * successors and are left as they are. `successors` may hold those of other lists' candidates:
 * only the ones following a hit of this list count.
 */
export function withSessionContext<R extends MemoryRow>(hits: Scored<R>[], successors: readonly Successor[], toRow: (row: MemoryRow) => R): Scored<R>[] {
  if (hits.length === 0) return hits;
  const own = new Map(hits.map((h) => [h.row.id, h.score]));
  const rows = new Map<string, R>(hits.map((h) => [h.row.id, h.row]));
  const context = new Map<string, number>();
  for (const n of successors) {
    const from = own.get(n.context_of);
    if (from === undefined) continue;
    context.set(n.id, Math.max(context.get(n.id) ?? 0, from));
    if (!rows.has(n.id)) {
      const { context_of: _from, ...row } = n;
      rows.set(n.id, toRow(row as MemoryRow));
    }
  }
  return [...rows.values()]
    .map((row) => ({ row, score: ((own.get(row.id) ?? 0) + CONTEXT_WEIGHT * (context.get(row.id) ?? 0)) / (1 + CONTEXT_WEIGHT) }))
    .sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? -1 : 1));
}
