import { sql, type Kysely } from 'kysely';
import type { MemoryDatabase } from './database-schema.js';
import { RecordNotFoundError } from './errors.js';
import type { MemoryRecord, MemoryVersion } from './memory-record.js';
import { listRecords, type ListFilter, type Page, type PageRequest } from './record-list.query.js';
import {
  HAS_EMBEDDING, MEMORY_COLUMNS, toMemoryRecord, toMemoryVersion, type MemoryRow, type MemoryVersionRow,
} from './record-mapper.js';

/** Options of {@link RecordReader.get}: a version number, or "as of" a transaction time. */
export interface GetOptions {
  version?: number;
  /** What was believed at that time: the latest version recorded at or before it. */
  asOf?: Date;
}

// Supersession chains are short in practice; the bound protects against corrupt data only.
const MAX_CHAIN_DEPTH = 1000;

/**
 * Read-only access to memory records, usable by anyone. Construct it with any kysely handle or
 * transaction whose database has the memory tables.
 */
export class RecordReader {
  protected readonly db: Kysely<MemoryDatabase>;

  constructor(db: Kysely<any>) {
    this.db = db as Kysely<MemoryDatabase>;
  }

  /** The head record, a numbered version, or the version current "as of" a time. Throws RecordNotFoundError. */
  async get(id: string, opts: GetOptions = {}): Promise<MemoryRecord> {
    if (opts.version !== undefined || opts.asOf !== undefined) return this.getVersion(id, opts);
    const found = await this.findHead(id);
    if (!found) throw new RecordNotFoundError(id);
    return found;
  }

  /** The head record or undefined. */
  async findHead(id: string): Promise<MemoryRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.db
      .selectFrom('memories')
      .select([...MEMORY_COLUMNS, HAS_EMBEDDING])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toMemoryRecord(row as MemoryRow) : undefined;
  }

  private async getVersion(id: string, opts: GetOptions): Promise<MemoryVersion> {
    if (!isUuid(id)) throw new RecordNotFoundError(id);
    const row = await this.db
      .selectFrom('memory_versions')
      .selectAll()
      .where('id', '=', id)
      .$if(opts.version !== undefined, (q) => q.where('version', '=', opts.version as number))
      .$if(opts.asOf !== undefined, (q) => q.where('recorded_at', '<=', opts.asOf as Date))
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) {
      const what = opts.version !== undefined ? `version ${opts.version}` : `as of ${opts.asOf?.toISOString()}`;
      throw new RecordNotFoundError(id, what);
    }
    return toMemoryVersion(row as unknown as MemoryVersionRow);
  }

  /** Head records for `ids`, in the given order; unknown ids are skipped. */
  async getMany(ids: readonly string[]): Promise<MemoryRecord[]> {
    const valid = [...new Set(ids.filter(isUuid))];
    if (valid.length === 0) return [];
    const rows = await this.db.selectFrom('memories').select([...MEMORY_COLUMNS, HAS_EMBEDDING]).where('id', 'in', valid).execute();
    const byId = new Map(rows.map((r) => [r.id, toMemoryRecord(r as MemoryRow)]));
    return ids.map((id) => byId.get(id)).filter((r): r is MemoryRecord => r !== undefined);
  }

  /** Head records matching `filter`, newest first, keyset-paginated. Throws InvalidFilterError. */
  list(filter: ListFilter = {}, page: PageRequest = {}): Promise<Page<MemoryRecord>> {
    return listRecords(this.db, filter, page);
  }

  /** Every stored version of a record, oldest first. Throws RecordNotFoundError when there is none. */
  async versions(id: string): Promise<MemoryVersion[]> {
    if (!isUuid(id)) throw new RecordNotFoundError(id);
    const rows = await this.db.selectFrom('memory_versions').selectAll().where('id', '=', id).orderBy('version', 'asc').execute();
    if (rows.length === 0) throw new RecordNotFoundError(id);
    return rows.map((r) => toMemoryVersion(r as unknown as MemoryVersionRow));
  }

  /** The version histories of several records in one query, oldest first; a record with none is absent from the map. */
  async versionsOf(ids: readonly string[]): Promise<Map<string, MemoryVersion[]>> {
    const valid = [...new Set(ids.filter(isUuid))];
    const out = new Map<string, MemoryVersion[]>();
    if (valid.length === 0) return out;
    const rows = await this.db.selectFrom('memory_versions').selectAll().where('id', 'in', valid).orderBy('id').orderBy('version', 'asc').execute();
    for (const row of rows) {
      const v = toMemoryVersion(row as unknown as MemoryVersionRow);
      const list = out.get(v.id);
      if (list) list.push(v);
      else out.set(v.id, [v]);
    }
    return out;
  }

  /** The active record with this content hash in this scope, if any (exact duplicate check). */
  async findActiveByContentHash(scope: string, hash: string): Promise<MemoryRecord | undefined> {
    const row = await this.db
      .selectFrom('memories')
      .select([...MEMORY_COLUMNS, HAS_EMBEDDING])
      .where('scope', '=', scope)
      .where('content_hash', '=', hash)
      .where('status', '=', 'active')
      .orderBy('created_at', 'asc')
      .limit(1)
      .executeTakeFirst();
    return row ? toMemoryRecord(row as MemoryRow) : undefined;
  }

  /** Ids along the supersession chain starting at `id` (inclusive), oldest first. */
  async supersessionChain(id: string): Promise<string[]> {
    if (!isUuid(id)) return [];
    const result = await sql<{ id: string }>`
      WITH RECURSIVE chain(id, superseded_by, depth, path) AS (
        SELECT m.id, m.superseded_by, 0, ARRAY[m.id] FROM memories m WHERE m.id = ${id}::uuid
        UNION ALL
        SELECT m.id, m.superseded_by, c.depth + 1, c.path || m.id
        FROM memories m JOIN chain c ON m.id = c.superseded_by
        WHERE c.depth < ${MAX_CHAIN_DEPTH} AND NOT m.id = ANY(c.path)
      )
      SELECT id FROM chain ORDER BY depth`.execute(this.db);
    return result.rows.map((r) => r.id);
  }

  /** Every scope that holds a record (any status), sorted: what an operator's unscoped search covers. */
  async scopesInUse(): Promise<string[]> {
    const rows = await this.db.selectFrom('memories').select('scope').distinct().orderBy('scope').execute();
    return rows.map((r) => r.scope);
  }

  /** Contents of up to `limit` active records, in storage order: a cheap sample of the store's wording. */
  async sampleContents(limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('memories').select('content').where('status', '=', 'active').limit(limit).execute();
    return rows.map((r) => r.content);
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid UUID (so lookups of junk ids are NotFound, not SQL errors). */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
