import { sql, type Kysely } from 'kysely';
import { headFields, layer2Arguments, toCandidates, type CandidateRow, type Layer2CandidateQuery, type Layer2Candidates } from './layer2-candidates.query.js';

/*
 * Layer 2's read for a whole batch of creates (issue 39, ADR-0050): what findLayer2Candidates
 * reads for each, in ONE statement, plus which earlier creates of the batch each one could find
 * once they are stored. The batch submitter judges a create from this read only while no such
 * earlier create has been written; otherwise it reads again alone (gate-submit-batch.ts).
 */

/** One create of the batch: its Layer 2 query and the record it would store (text and tags). */
export interface Layer2BatchItem {
  query: Layer2CandidateQuery;
  tags: readonly string[];
}

/** An item's candidates as findLayer2Candidates returns them, and the earlier items (indexes) its read could find. */
export interface Layer2BatchResult {
  found: Layer2Candidates;
  touchedBy: number[];
}

type BatchRow = CandidateRow & { item: number; touched_by: number[] | null; n: string | null };

/**
 * Calls `engram_layer2_candidates` once per item inside one statement, so each item gets exactly
 * the rows a lone call gets (same function, same snapshot; its rows kept in the function's order
 * WITH ORDINALITY). `touched_by` lists, for each item, the earlier items whose record would
 * match one of its branches if stored: the exact duplicate (scope and content hash), the near
 * and conflict keys through the same `engram_group_terms` as the function, and the websearch
 * conflict query. The stored record's `search_tsv` is built as the column is (content, then the
 * tags joined by spaces, as engram_tags_text does). Each test is the branch's own condition, so
 * the list names exactly the earlier items the function would return if they were stored (it
 * ignores only the LIMIT, which can make a hit false, never a miss): a false hit costs a second
 * read, not a different answer.
 */
export async function findLayer2CandidatesBatch(db: Kysely<any>, items: readonly Layer2BatchItem[]): Promise<Layer2BatchResult[]> {
  if (items.length === 0) return [];
  const json = JSON.stringify(items.map((item, i) => {
    const a = layer2Arguments(item.query);
    return {
      i, type: a.type, scope: a.scope, hash: a.hash, near: a.near, opposite: a.opposite, opposite_any: a.oppositeAny, negated: a.negated,
      rank: a.rank, lim: a.limit, content: item.query.text, tags_text: item.tags.join(' '),
    };
  }));
  const { rows } = await sql<BatchRow>`
    WITH items AS MATERIALIZED (
      SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS t(i int, type text, scope text, hash text, near text, opposite text,
        opposite_any text, negated boolean, rank text, lim int, content text, tags_text text)
    ), stored AS MATERIALIZED (
      SELECT i, type, scope, hash, negated, content, rank <> '' AS ranked, tsv, engram_group_terms(type, scope, tsv) AS own_keys,
        engram_group_terms(type, scope, to_tsvector('english', near)) AS near_keys,
        engram_group_terms(type, scope, to_tsvector('english', opposite)) AS opposite_keys,
        websearch_to_tsquery('english', opposite_any) AS opposite_any
      FROM (SELECT *, to_tsvector('english', content) || to_tsvector('english', tags_text) AS tsv FROM items) x
    ), touched AS (
      SELECT a.i, array_agg(b.i ORDER BY b.i) AS touched_by FROM stored a JOIN stored b ON b.i < a.i AND (
        (b.scope = a.scope AND b.hash = a.hash)
        OR (a.ranked AND (b.own_keys && a.near_keys
          OR (a.negated AND b.own_keys && a.opposite_keys)
          OR (NOT a.negated AND b.scope = a.scope AND b.type = a.type AND engram_is_negated(b.content) AND b.tsv @@ a.opposite_any))))
      GROUP BY a.i
    )
    SELECT t.i AS item, touched.touched_by, c.n, ${headFields()}, ((c.head).embedding IS NOT NULL) AS has_embedding, c.rank, c.exact
    FROM items t LEFT JOIN touched ON touched.i = t.i
    LEFT JOIN LATERAL engram_layer2_candidates(t.type, t.scope, t.hash, t.near, t.opposite, t.opposite_any, t.negated, t.rank, t.lim)
      WITH ORDINALITY AS c(head, rank, exact, n) ON true
    ORDER BY t.i, c.n`.execute(db);
  return group(rows, items.length);
}

function group(rows: readonly BatchRow[], size: number): Layer2BatchResult[] {
  const perItem: BatchRow[][] = Array.from({ length: size }, () => []);
  const touchedBy: number[][] = Array.from({ length: size }, () => []);
  for (const r of rows) {
    touchedBy[r.item] = (r.touched_by ?? []).map(Number);
    if (r.n !== null) perItem[r.item]?.push(r);
  }
  return perItem.map((itemRows, i) => ({ found: toCandidates(itemRows), touchedBy: touchedBy[i] ?? [] }));
}
