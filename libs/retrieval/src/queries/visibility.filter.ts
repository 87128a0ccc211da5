import { expressionBuilder, sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
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

/**
 * The shared WHERE of every search query as one condition: the caller's scopes, current knowledge
 * only (active, plus archived on request; never superseded/invalidated/forgotten), valid at `now`,
 * then the optional filters. Archiving closes a record's validity (`valid_to` = archive time, seed
 * 000 FR-02), so with `includeArchived` an archived row passes the `valid_to` check regardless of
 * it. Arrays bind as ONE parameter (`= ANY($n::text[])`) so the compiled SQL, and its checked-in
 * snapshot, does not change with the number of scopes or types.
 */
export function visibility(f: VisibilityFilter): Expression<SqlBool> {
  const eb = expressionBuilder<MemoryDatabase, 'memories'>();
  const statuses = f.includeArchived ? ['active', 'archived'] : ['active'];
  const windows = f.validWithin ?? [];
  return eb.and([
    sql<boolean>`memories.scope = ANY(${f.scopes}::text[])`,
    sql<boolean>`memories.status = ANY(${statuses}::text[])`,
    ...(f.includeArchived ? [] : [eb('memories.archived', '=', false)]),
    eb('memories.valid_from', '<=', f.now),
    eb.or([
      eb('memories.valid_to', 'is', null),
      eb('memories.valid_to', '>', f.now),
      sql<boolean>`(memories.status = 'archived' AND ${f.includeArchived}::boolean)`,
    ]),
    ...(f.types !== null ? [sql<boolean>`memories.type = ANY(${f.types}::text[])`] : []),
    ...(f.tags !== null ? [sql<boolean>`memories.tags && ${f.tags}::text[]`] : []),
    ...(f.minConfidence !== null ? [eb('memories.confidence', '>=', f.minConfidence)] : []),
    ...(f.createdAfter !== null ? [eb('memories.created_at', '>=', f.createdAfter)] : []),
    ...(f.createdBefore !== null ? [eb('memories.created_at', '<', f.createdBefore)] : []),
    ...(windows.length > 0 ? [validWithin(windows)] : []),
  ]);
}

/** Whether a memory's valid_from lies in one of `windows` (false for none). */
export function validWithin(windows: readonly TimeWindow[]): Expression<SqlBool> {
  const eb = expressionBuilder<MemoryDatabase, 'memories'>();
  return eb.or(windows.map((w) => eb.and([eb('memories.valid_from', '>=', w.from), eb('memories.valid_from', '<', w.to)])));
}

/** {@link visibility} as a WHERE step of a query over `memories`. */
export function visibleTo<O>(f: VisibilityFilter) {
  return (qb: SelectQueryBuilder<MemoryDatabase, 'memories', O>) => qb.where(visibility(f));
}
