import { sql, type SelectQueryBuilder } from 'kysely';
import type { MemoryDatabase, TimeWindow } from '@engram/memory';

/** Which head rows a search may return. `scopes` is the caller's visibility, never widened here. */
export interface VisibilityFilter {
  scopes: string[];
  types: string[] | null;
  tags: string[] | null;
  includeArchived: boolean;
  minConfidence: number | null;
  createdAfter: Date | null;
  createdBefore: Date | null;
  /** "Now" for valid-time checks; a parameter, not SQL now(), so tests can pin the clock. */
  now: Date;
  /** Only memories whose valid_from lies in one of these windows (the dates a query names). */
  validWithin?: readonly TimeWindow[];
}

function inWindows<O>(windows: readonly TimeWindow[]) {
  return (qb: SelectQueryBuilder<MemoryDatabase, 'memories', O>) =>
    qb.where((eb) => eb.or(windows.map((w) => eb.and([eb('memories.valid_from', '>=', w.from), eb('memories.valid_from', '<', w.to)]))));
}

/**
 * The shared WHERE of every search query: the caller's scopes, current knowledge only (active,
 * plus archived on request; never superseded/invalidated/forgotten), valid at `now`, then the
 * optional filters. Archiving closes a record's validity (`valid_to` = archive time, seed 000
 * FR-02), so with `includeArchived` an archived row passes the `valid_to` check regardless of it.
 * Arrays bind as ONE parameter (`= ANY($n::text[])`) so the compiled SQL, and
 * its checked-in snapshot, does not change with the number of scopes or types.
 */
export function visibleTo<O>(f: VisibilityFilter) {
  const statuses = f.includeArchived ? ['active', 'archived'] : ['active'];
  return (qb: SelectQueryBuilder<MemoryDatabase, 'memories', O>) =>
    qb
      .where(sql<boolean>`memories.scope = ANY(${f.scopes}::text[])`)
      .where(sql<boolean>`memories.status = ANY(${statuses}::text[])`)
      .$if(!f.includeArchived, (q) => q.where('memories.archived', '=', false))
      .where('memories.valid_from', '<=', f.now)
      .where((eb) =>
        eb.or([
          eb('memories.valid_to', 'is', null),
          eb('memories.valid_to', '>', f.now),
          sql<boolean>`(memories.status = 'archived' AND ${f.includeArchived}::boolean)`,
        ]),
      )
      .$if(f.types !== null, (q) => q.where(sql<boolean>`memories.type = ANY(${f.types}::text[])`))
      .$if(f.tags !== null, (q) => q.where(sql<boolean>`memories.tags && ${f.tags}::text[]`))
      .$if(f.minConfidence !== null, (q) => q.where('memories.confidence', '>=', f.minConfidence as number))
      .$if(f.createdAfter !== null, (q) => q.where('memories.created_at', '>=', f.createdAfter as Date))
      .$if(f.createdBefore !== null, (q) => q.where('memories.created_at', '<', f.createdBefore as Date))
      .$if((f.validWithin?.length ?? 0) > 0, inWindows(f.validWithin ?? []));
}
