import { sql, type Kysely } from 'kysely';
import { MEMORY_COLUMNS, spaceSlices, toMemoryRecord, type MemoryRecord, type MemoryRow } from '@engram/memory';

/*
 * Layer 2's one read for a create. It is the gate's query, not the memory lib's: near terms and
 * negation polarity are the librarian's notions (candidate-terms.ts, similarity.ts), so the base
 * lib's reader does not know them (issue 19).
 */

/** A stored record that may duplicate or contradict the new text, with its full-text rank. */
export interface Layer2Candidate {
  record: MemoryRecord;
  rank: number;
}

/** What {@link findLayer2Candidates} searches. */
export interface Layer2CandidateQuery {
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

/** The exact duplicate (if any) and the near-duplicate and conflict candidates, each record once. */
export interface Layer2Candidates {
  exact?: MemoryRecord;
  candidates: Layer2Candidate[];
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
export async function findLayer2Candidates(db: Kysely<any>, input: Layer2CandidateQuery): Promise<Layer2Candidates> {
  const a = layer2Arguments(input);
  const { rows } = await sql<CandidateRow>`
    SELECT ${headFields()}, ((c.head).embedding IS NOT NULL) AS has_embedding, c.rank, c.exact
    FROM engram_layer2_candidates(${a.type}, ${a.scope}, ${a.hash}, ${a.near}, ${a.opposite}, ${a.oppositeAny}, ${a.negated},
      ${a.rank}, ${a.limit}) c`.execute(db);
  return toCandidates(rows);
}

/** The arguments of one `engram_layer2_candidates` call, in its order (shared with the batched read). */
export interface Layer2Arguments {
  type: string;
  scope: string;
  hash: string;
  near: string;
  opposite: string;
  oppositeAny: string;
  negated: boolean;
  rank: string;
  limit: number;
}

/** What {@link findLayer2Candidates} passes the function for `input`. */
export function layer2Arguments(input: Layer2CandidateQuery): Layer2Arguments {
  const all = firstWords(input.text);
  const keyed = (terms: string[] | undefined) => (terms ? terms.flatMap((t) => (DIGITS.test(t) ? [t, `-${t}`] : [t])).join(' ') : input.text);
  return {
    type: input.type, scope: input.scope, hash: input.contentHash, near: keyed(input.nearTerms), opposite: keyed(input.opposite.terms),
    oppositeAny: (input.opposite.terms ?? all).join(' or '), negated: input.opposite.negated, rank: all.join(' or '), limit: input.limit ?? 20,
  };
}

/** The head's columns of a candidate row `c` (the function returns the whole row as `head`). */
export function headFields() {
  return sql.join(MEMORY_COLUMNS.map((col) => sql.raw(`(c.head).${col} AS ${col}`)));
}

/** One row of the function: a head with its rank and whether it is the exact duplicate. */
export type CandidateRow = MemoryRow & { rank: number; exact: boolean };

/** The function's rows in its order: the exact duplicate apart, each other record once (first list wins). */
export function toCandidates(rows: readonly CandidateRow[]): Layer2Candidates {
  const found = rows.find((r) => r.exact);
  const seen = new Set<string>();
  const candidates: Layer2Candidate[] = [];
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
 * The first 64 distinct words of the text (the rank query). Read slice by slice and stopped at
 * 64, so a 256 KB text costs the first few kilobytes, not a pass over all of it (issue 17). A cut
 * just after a space splits no word, and lower-casing depends on nothing across a space.
 */
function firstWords(text: string): string[] {
  const words = new Set<string>();
  for (const slice of spaceSlices(text, 2048)) {
    for (const [w] of slice.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
      words.add(w);
      if (words.size === MAX_CANDIDATE_WORDS) return [...words];
    }
  }
  return [...words];
}
