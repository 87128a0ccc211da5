import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { MemoryDatabase, MemoryRow, TimeWindow } from '@engram/memory';
import { bm25PlanCtes, cheapLexemesFor } from './bm25-plan.sql.js';
import { datedKeywordCandidates, keywordSearchQuery } from './keyword-search.query.js';
import { memoryColumnsOf } from './memory-columns.sql.js';
import { sessionNeighboursQuery, type NeighbourSides } from './session-neighbours.query.js';
import { unembeddedCount } from './unembedded-count.sql.js';
import { vectorSearchQuery, type EmbeddingModelId } from './vector-search.query.js';
import type { VisibilityFilter } from './visibility.filter.js';

/** A head row with the score of the list it came from. */
export type KeywordCandidate = MemoryRow & { keyword_score: number | string };
export type VectorCandidate = MemoryRow & { distance: number | string };

/**
 * A memory near a candidate in its session: `context_of` is the candidate's id, `follows` true when
 * it comes after it, `distance` how many turns away it is (1 = adjacent).
 */
export type Neighbour = MemoryRow & { context_of: string; follows: boolean; distance: number };

/** What one candidate read asks for; every part is optional. */
export interface CandidateReadSpec {
  filter: VisibilityFilter;
  /**
   * BM25 candidates of `text`: the best `limit`, and when the query names dates (`windows`) the best
   * `limit` whose valid_from lies in them, however they rank overall (the caller lifts them, date-boost.ts).
   */
  keyword?: { text: string; limit: number; windows: readonly TimeWindow[] };
  /** The `limit` nearest memories embedded by `model`. */
  vector?: { queryVector: Float32Array; model: EmbeddingModelId; limit: number };
  /** Session neighbours of every candidate read: the next turn only, or NEIGHBOUR_DISTANCE turns on both sides. */
  neighbours?: NeighbourSides;
  /** Count the visible records vector search cannot see yet for this model (null: no model loaded). */
  pendingFor?: EmbeddingModelId | null;
}

/** The candidate lists, best first, and the pending count (null when not asked for). */
export interface CandidateRead {
  keyword: KeywordCandidate[];
  vector: VectorCandidate[];
  neighbours: Neighbour[];
  pending: number | null;
}

type Kind = 'kw' | 'kwd' | 'vec' | 'nb' | 'meta';
type ReadRow = MemoryRow & { kind: Kind; rank: number; score: number | string | null; context_of: string | null; follows: boolean | null; hop: number | null };

// One output shape for every list: the memory columns, the list's score, the neighbour link.
function branch(kind: Kind, from: string, rank: RawBuilder<unknown>, score: RawBuilder<unknown>, link = sql`NULL::uuid AS context_of, NULL::boolean AS follows, NULL::int AS hop`) {
  return sql`SELECT ${sql.lit(kind)}::text AS kind, ${rank}::int AS rank, ${memoryColumnsOf('x')}, x.has_embedding, ${score}::float8 AS score, ${link}
    FROM ${sql.table(from)} AS x`;
}

/**
 * Every candidate a search needs, in ONE statement (ADR-0042): the BM25 plan (bm25-plan.sql.ts)
 * and keyword candidates, the vector candidates, the session neighbours of both lists (their ids
 * come from the lists themselves, so no round trip carries them back) and the pending-embedding
 * count. Lists referenced twice are common table expressions, which Postgres computes once.
 */
export function candidateReadQuery(db: Kysely<MemoryDatabase>, spec: CandidateReadSpec) {
  const { filter, keyword, vector, neighbours } = spec;
  const ctes: RawBuilder<unknown>[] = [];
  const lists: string[] = [];
  const out: RawBuilder<unknown>[] = [];
  if (keyword) {
    const cheap = cheapLexemesFor(keyword.text);
    const keywordBranch = (kind: 'kw' | 'kwd') => branch(kind, kind, sql`row_number() OVER (ORDER BY x.keyword_score DESC, x.id)`, sql`x.keyword_score`);
    ctes.push(bm25PlanCtes(keyword.text, filter.scopes));
    out.push(keywordBranch('kw'));
    if (keyword.windows.length > 0) {
      // Both lists from one pass over the matches (kwa, referenced twice: computed once).
      const best = (where: string) => sql`SELECT * FROM kwa WHERE ${sql.ref(`kwa.${where}`)} ORDER BY kwa.keyword_score DESC, kwa.id LIMIT ${keyword.limit}::int`;
      ctes.push(sql`kwa AS (${datedKeywordCandidates(filter, keyword.limit, cheap, keyword.windows)})`, sql`kw AS (${best('among_all')})`, sql`kwd AS (${best('in_window')})`);
      out.push(keywordBranch('kwd'));
      lists.push('kw', 'kwd');
    } else {
      ctes.push(sql`kw AS (${keywordSearchQuery(db, filter, keyword.limit, cheap)})`);
      lists.push('kw');
    }
  }
  if (vector) {
    ctes.push(sql`vec AS (${vectorSearchQuery(db, vector.queryVector, vector.model, filter, vector.limit)})`);
    out.push(branch('vec', 'vec', sql`row_number() OVER (ORDER BY x.distance, x.id)`, sql`x.distance`));
    lists.push('vec');
  }
  if (neighbours && lists.length > 0) {
    const ids = sql`ARRAY(${sql.join(lists.map((l) => sql`SELECT id FROM ${sql.table(l)}`), sql` UNION `)})`;
    ctes.push(sql`nb AS (${sessionNeighboursQuery(db, ids, filter, neighbours)})`);
    out.push(branch('nb', 'nb', sql`0`, sql`NULL`, sql`x.context_of, x.follows, x.distance AS hop`));
  }
  const pending = spec.pendingFor === undefined ? sql`NULL` : unembeddedCount(filter, spec.pendingFor);
  // The meta row carries the count; its memory columns are NULLs of the right types (a join that never matches).
  out.push(sql`SELECT 'meta'::text, 0, ${memoryColumnsOf('x')}, NULL::boolean, (${pending})::float8, NULL::uuid, NULL::boolean, NULL::int
    FROM (SELECT 1) AS one LEFT JOIN memories AS x ON false`);
  const withClause = ctes.length > 0 ? sql`WITH ${sql.join(ctes)} ` : sql``;
  return sql<ReadRow>`${withClause}${sql.join(out, sql` UNION ALL `)}`;
}

function withoutRead<R extends MemoryRow>(row: ReadRow, extra: (r: ReadRow) => Omit<R, keyof MemoryRow>): R {
  const { kind: _kind, rank: _rank, score: _score, context_of: _of, follows: _follows, hop: _hop, ...memory } = row;
  return { ...memory, ...extra(row) } as R;
}

/** Runs {@link candidateReadQuery} and sorts its rows back into lists. */
export async function readCandidates(db: Kysely<MemoryDatabase>, spec: CandidateReadSpec): Promise<CandidateRead> {
  const { rows } = await candidateReadQuery(db, spec).execute(db);
  const of = (kind: Kind) => rows.filter((r) => r.kind === kind).sort((a, b) => a.rank - b.rank);
  const asKeyword = (r: ReadRow) => withoutRead<KeywordCandidate>(r, (x) => ({ keyword_score: Number(x.score) }));
  const kw = of('kw').map(asKeyword);
  const seen = new Set(kw.map((r) => r.id));
  const dated = of('kwd').filter((r) => !seen.has(r.id)).map(asKeyword);
  const meta = rows.find((r) => r.kind === 'meta');
  return {
    keyword: [...kw, ...dated],
    vector: of('vec').map((r) => withoutRead<VectorCandidate>(r, (x) => ({ distance: Number(x.score) }))),
    neighbours: of('nb').map((r) => withoutRead<Neighbour>(r, (x) => ({ context_of: x.context_of as string, follows: x.follows as boolean, distance: Number(x.hop) }))),
    pending: meta?.score === null || meta?.score === undefined ? null : Number(meta.score),
  };
}
