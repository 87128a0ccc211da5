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

/**
 * Adds to every candidate half the score of the turn before it in its session, and brings in the
 * turns that follow a candidate (they may not match on their own). Scores are divided by
 * 1 + CONTEXT_WEIGHT so they keep their [0, 1] range. Memories without a session key are left as
 * they are. One extra read: the successors of the candidates.
 */
export async function withSessionContext<R extends MemoryRow>(
  db: Kysely<MemoryDatabase>, hits: Scored<R>[], filter: VisibilityFilter, toRow: (row: MemoryRow) => R,
): Promise<Scored<R>[]> {
  if (hits.length === 0) return hits;
  const next = (await nextInSessionQuery(db, hits.map((h) => h.row.id), filter).execute()) as (MemoryRow & { context_of: string })[];
  const own = new Map(hits.map((h) => [h.row.id, h.score]));
  const rows = new Map<string, R>(hits.map((h) => [h.row.id, h.row]));
  const context = new Map<string, number>();
  for (const n of next) {
    context.set(n.id, Math.max(context.get(n.id) ?? 0, own.get(n.context_of) ?? 0));
    if (!rows.has(n.id)) {
      const { context_of: _from, ...row } = n;
      rows.set(n.id, toRow(row as MemoryRow));
    }
  }
  return [...rows.values()]
    .map((row) => ({ row, score: ((own.get(row.id) ?? 0) + CONTEXT_WEIGHT * (context.get(row.id) ?? 0)) / (1 + CONTEXT_WEIGHT) }))
    .sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? -1 : 1));
}
