// Turn-level retrieval metrics: a hit is a returned turn that is one of the question's evidence turns.

/** Per-question outcome: the 1-based rank of each evidence turn found in the top 10. */
export interface QuestionOutcome {
  category: number;
  /** Ranks (1..10) at which evidence turns appeared. */
  hitRanks: number[];
  evidenceCount: number;
}

/** Aggregated figures over a set of questions, as fractions in [0, 1]. */
export interface Scores {
  n: number;
  r1: number;
  r5: number;
  r10: number;
  /** Every evidence turn in the top 10. */
  full10: number;
  mrr10: number;
}

/** Where the evidence of one question landed in a ranked list of turn ids. */
export function outcomeOf(category: number, evidence: readonly string[], ranked: readonly string[]): QuestionOutcome {
  const wanted = new Set(evidence);
  const hitRanks: number[] = [];
  const seen = new Set<string>();
  ranked.slice(0, 10).forEach((id, i) => {
    if (wanted.has(id) && !seen.has(id)) hitRanks.push(i + 1);
    seen.add(id);
  });
  return { category, hitRanks, evidenceCount: wanted.size };
}

/** R@1/5/10, all-evidence@10 and MRR@10 over `outcomes`. */
export function score(outcomes: readonly QuestionOutcome[]): Scores {
  const n = outcomes.length;
  const frac = (pred: (o: QuestionOutcome) => boolean) => (n === 0 ? Number.NaN : outcomes.filter(pred).length / n);
  const first = (o: QuestionOutcome) => (o.hitRanks.length ? Math.min(...o.hitRanks) : Infinity);
  return {
    n,
    r1: frac((o) => first(o) <= 1),
    r5: frac((o) => first(o) <= 5),
    r10: frac((o) => first(o) <= 10),
    full10: frac((o) => o.hitRanks.length >= o.evidenceCount),
    mrr10: n === 0 ? Number.NaN : outcomes.reduce((s, o) => s + (Number.isFinite(first(o)) ? 1 / first(o) : 0), 0) / n,
  };
}

/** The groups a report shows: categories 1-4 together, each category, adversarial (5) apart. */
export function scoreGroups(outcomes: readonly QuestionOutcome[]): Record<string, Scores> {
  const of = (pred: (o: QuestionOutcome) => boolean) => score(outcomes.filter(pred));
  return {
    'cat 1-4': of((o) => o.category >= 1 && o.category <= 4),
    '1 multi-hop': of((o) => o.category === 1),
    '2 temporal': of((o) => o.category === 2),
    '3 open-domain': of((o) => o.category === 3),
    '4 single-hop': of((o) => o.category === 4),
    '5 adversarial': of((o) => o.category === 5),
  };
}
