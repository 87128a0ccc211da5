// The evaluation set of the quality benchmark: a corpus of memory writes (replayed through the
// Librarian gate in order) and labelled queries over it. Records are named by stable keys; the
// loader maps keys to the ids the gate assigns.

/** Graded relevance: 3 = the answer, 2 = strong supporting evidence, 1 = related. */
export type Grade = 1 | 2 | 3;

/** Why a record must never appear in a query's results. */
export type ForbiddenReason = 'superseded' | 'expired' | 'invalidated' | 'other_scope';

/** A link of a new record to an earlier one (stored as a memory_edges row by the gate). */
export interface EvalLink {
  kind: 'supports' | 'relates_to' | 'derived_from' | 'contradicts';
  targetKey: string;
}

/** The body of a new record (create, or the replacement of a supersede). */
export interface EvalRecord {
  type: 'decision' | 'belief' | 'fact' | 'episode' | 'skill' | 'preference';
  scope: string;
  content: string;
  tags?: string[];
  /** ISO dates; a validTo in the past makes the record expired. */
  validFrom?: string;
  validTo?: string;
  links?: EvalLink[];
}

/** One write of the corpus, in the order it is replayed. `at` is the gate clock at that write. */
export type CorpusEvent =
  | { op: 'create'; key: string; at: string; actor: 'user' | 'agent'; record: EvalRecord }
  | { op: 'supersede'; key: string; target: string; at: string; actor: 'user' | 'agent'; record: EvalRecord }
  | { op: 'invalidate'; target: string; at: string; actor: 'user' | 'agent'; reason: string };

/** A labelled query: what an agent asks, what it may see, and what a good answer contains. */
export interface LabelledQuery {
  id: string;
  text: string;
  scopes: string[];
  /** What the query tests (fact-chain, multi-hop, expiry, ...), for per-category breakdowns. */
  category: string;
  relevant: Record<string, Grade>;
  forbidden: { key: string; why: ForbiddenReason }[];
}

/** The whole evaluation set. */
export interface EvalSet {
  events: CorpusEvent[];
  queries: LabelledQuery[];
}
