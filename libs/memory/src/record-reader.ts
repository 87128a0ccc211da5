import { sql, type Kysely } from 'kysely';
import type { MemoryDatabase } from './database-schema.js';
import { RecordNotFoundError } from './errors.js';
import type { MemoryRecord, MemoryVersion } from './memory-record.js';
import { listRecords, type ListFilter, type Page, type PageRequest } from './record-list.query.js';
import {
  HAS_EMBEDDING, MEMORY_COLUMNS, toMemoryRecord, toMemoryVersion, type MemoryRow, type MemoryVersionRow,
} from './record-mapper.js';
import { spaceSlices } from './turns.js';

/** Options of {@link RecordReader.get}: a version number, or "as of" a transaction time. */
export interface GetOptions {
  version?: number;
  /** What was believed at that time: the latest version recorded at or before it. */
  asOf?: Date;
}

/** A candidate returned by {@link RecordReader.findDuplicateCandidates}. */
export interface TextCandidate {
  record: MemoryRecord;
  rank: number;
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

  /** Contents of up to `limit` active records, in storage order: a cheap sample of the store's wording. */
  async sampleContents(limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('memories').select('content').where('status', '=', 'active').limit(limit).execute();
    return rows.map((r) => r.content);
  }

  /**
   * Layer 2's reads for a create, in ONE call of `engram_layer2_candidates` (whose plans the
   * connection keeps, ADR-0017): the exact duplicate (same content hash, active, in the scope),
   * the records of the type and scope sharing one of `nearTerms` (near-duplicate candidates), and
   * those of the opposite polarity sharing one of `opposite.terms` (conflict candidates), each list
   * ranked against all words of the text. Word searches go through the per-group key index
   * (`engram_group_terms`): its keys are built by Postgres from to_tsvector of the words, so they
   * are exactly the lexemes a stored record was indexed under; a number is also searched in its
   * signed form, since the parser indexes the number of "SEC-5667" or "2026-11-25" as '-5667', '-11'.
   * Polarity is `engram_is_negated(content)`, which errs towards "negated": for a text that is not
   * negated, only negated records are searched (a partial index holds them); for a negated text
   * every record is, so no record is ever wrongly left out.
   */
  async findDuplicateCandidates(input: DuplicateCandidateQuery): Promise<{ exact?: MemoryRecord; candidates: TextCandidate[] }> {
    const all = candidateWords(input.text);
    const keyed = (terms: string[] | undefined) => (terms ? terms.flatMap((t) => (DIGITS.test(t) ? [t, `-${t}`] : [t])).join(' ') : input.text);
    const fields = sql.join(MEMORY_COLUMNS.map((c) => sql.raw(`(c.head).${c} AS ${c}`)));
    const { rows } = await sql<MemoryRow & { rank: number; exact: boolean }>`
      SELECT ${fields}, ((c.head).embedding IS NOT NULL) AS has_embedding, c.rank, c.exact
      FROM engram_layer2_candidates(${input.type}, ${input.scope}, ${input.contentHash}, ${keyed(input.nearTerms)},
        ${keyed(input.opposite.terms)}, ${(input.opposite.terms ?? all).join(' or ')}, ${input.opposite.negated},
        ${all.join(' or ')}, ${input.limit ?? 20}) c`.execute(this.db);
    return toDuplicateCandidates(rows);
  }

}

/** What {@link RecordReader.findDuplicateCandidates} searches. */
export interface DuplicateCandidateQuery {
  scope: string;
  type: string;
  text: string;
  contentHash: string;
  /** Near duplicates: records sharing one of these words (every word of the text when undefined). */
  nearTerms?: string[] | undefined;
  /** Conflicts: records of the other polarity than `negated` sharing one of `terms` (every word when undefined). */
  opposite: { negated: boolean; terms?: string[] | undefined };
  /** Per list. */
  limit?: number;
}

function toDuplicateCandidates(rows: (MemoryRow & { rank: number; exact: boolean })[]): { exact?: MemoryRecord; candidates: TextCandidate[] } {
  const found = rows.find((r) => r.exact);
  const seen = new Set<string>();
  const candidates: TextCandidate[] = [];
  for (const r of rows) {
    if (r.exact || seen.has(r.id)) continue;
    seen.add(r.id);
    candidates.push({ record: toMemoryRecord(r), rank: Number(r.rank) });
  }
  return { ...(found ? { exact: toMemoryRecord(found) } : {}), candidates };
}

const DIGITS = /^[0-9]+$/;

const MAX_CANDIDATE_WORDS = 64;

/**
 * The first 64 distinct words of the text. Read slice by slice and stopped at
 * 64, so a 256 KB text costs the first few kilobytes, not a pass over all of it (issue 17). A cut
 * just after a space splits no word, and lower-casing depends on nothing across a space.
 */
function candidateWords(text: string): string[] {
  const words = new Set<string>();
  for (const slice of spaceSlices(text, 2048)) {
    for (const [w] of slice.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
      words.add(w);
      if (words.size === MAX_CANDIDATE_WORDS) return [...words];
    }
  }
  return [...words];
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid UUID (so lookups of junk ids are NotFound, not SQL errors). */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
