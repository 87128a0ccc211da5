import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { MemoryDatabase } from './database-schema.js';
import { InvalidFilterError } from './errors.js';
import { isJsonPathError, validateJsonPath } from './jsonpath.js';
import type { MemoryRecord, MemoryStatus } from './memory-record.js';
import { decodeCursor, encodeCursor, pageSize } from './pagination.js';
import { HAS_EMBEDDING, MEMORY_COLUMNS, toMemoryRecord, type MemoryRow } from './record-mapper.js';

/** Filters of {@link RecordReader.list}; all optional and AND-ed. */
export interface ListFilter {
  types?: string[];
  scopes?: string[];
  tags?: string[];
  /** `all` (default): every tag must be present; `any`: at least one. */
  tagMode?: 'all' | 'any';
  /** Time bounds are half-open, [after, before), as in search and retrieve: consecutive windows never share a record. */
  createdAfter?: Date;
  createdBefore?: Date;
  updatedAfter?: Date;
  updatedBefore?: Date;
  /** Explicit statuses; default is `active` plus whatever the include flags add. */
  statuses?: MemoryStatus[];
  includeArchived?: boolean;
  includeSuperseded?: boolean;
  minConfidence?: number;
  /**
   * SQL/JSON path evaluated with `jsonb_path_exists(metadata, path)`. Write predicates as filters:
   * `$ ? (@.impact == "high")`, `$.links[*] ? (@ like_regex "^https")`.
   */
  metadataPath?: string;
}

/** Page request: `cursor` is the `nextCursor` of the previous page. */
export interface PageRequest {
  limit?: number;
  cursor?: string;
}

/** One page of records, newest first. `nextCursor` is null on the last page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

type Query = SelectQueryBuilder<MemoryDatabase, 'memories', object>;

/** The statuses a filter selects. */
export function statusesOf(filter: ListFilter): MemoryStatus[] {
  if (filter.statuses?.length) return filter.statuses;
  const statuses: MemoryStatus[] = ['active'];
  if (filter.includeArchived) statuses.push('archived');
  if (filter.includeSuperseded) statuses.push('superseded');
  return statuses;
}

function applyFilter(qb: Query, filter: ListFilter, jsonPath: string | undefined): Query {
  const tags = filter.tags ?? [];
  return qb
    .where('status', 'in', statusesOf(filter))
    .$if(!!filter.types?.length, (q) => q.where('type', 'in', filter.types as string[]))
    .$if(!!filter.scopes?.length, (q) => q.where('scope', 'in', filter.scopes as string[]))
    .$if(tags.length > 0 && filter.tagMode !== 'any', (q) => q.where(sql<boolean>`tags @> ${sql.val(tags)}::text[]`))
    .$if(tags.length > 0 && filter.tagMode === 'any', (q) => q.where(sql<boolean>`tags && ${sql.val(tags)}::text[]`))
    .$if(!!filter.createdAfter, (q) => q.where('created_at', '>=', filter.createdAfter as Date))
    .$if(!!filter.createdBefore, (q) => q.where('created_at', '<', filter.createdBefore as Date))
    .$if(!!filter.updatedAfter, (q) => q.where('updated_at', '>=', filter.updatedAfter as Date))
    .$if(!!filter.updatedBefore, (q) => q.where('updated_at', '<', filter.updatedBefore as Date))
    .$if(filter.minConfidence !== undefined, (q) => q.where('confidence', '>=', filter.minConfidence as number))
    .$if(jsonPath !== undefined, (q) => q.where(sql<boolean>`jsonb_path_exists(metadata, ${jsonPath}::jsonpath)`));
}

/** Lists head records matching `filter`, newest first, by keyset pagination on (created_at, id). */
export async function listRecords(
  db: Kysely<MemoryDatabase>,
  filter: ListFilter,
  page: PageRequest = {},
): Promise<Page<MemoryRecord>> {
  const limit = pageSize(page.limit);
  const jsonPath = filter.metadataPath === undefined ? undefined : validateJsonPath(filter.metadataPath);
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const query = applyFilter(db.selectFrom('memories'), filter, jsonPath)
    .select([...MEMORY_COLUMNS, HAS_EMBEDDING])
    .$if(!!after, (q) => q.where(sql<boolean>`(created_at, id) < (${after?.createdAt.toISOString()}::timestamptz, ${after?.id}::uuid)`))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  let rows: MemoryRow[];
  try {
    rows = (await query.execute()) as MemoryRow[];
  } catch (err) {
    if (jsonPath !== undefined && isJsonPathError(err)) throw new InvalidFilterError(`malformed JSONPath "${filter.metadataPath}": ${(err as Error).message}`);
    throw err;
  }
  const items = rows.slice(0, limit).map(toMemoryRecord);
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null;
  return { items, nextCursor };
}
