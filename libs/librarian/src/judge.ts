import { contentHashSteps, runInTurns, runSized, type MemoryRecord, type Steps } from '@engram/memory';
import { firstDeniedScope } from './actor.js';
import type { Admitted } from './admit.js';
import { MAX_RANKED_WORDS, planFromWords, searchableWordsSteps } from './candidate-terms.js';
import { contextOf, rejectWith, type DecisionDeps, type Layer2Result } from './decision-context.js';
import { decideExisting } from './decision-existing.js';
import { checkLinks } from './edges/link-check.js';
import type { PlannedEdge } from './edges/planned-edge.js';
import { findLayer2Candidates } from './layer2-candidates.query.js';
import { evaluatePolicy, type PolicyContext } from './policy.js';
import { contradictoryTokens, jaccard, SIMILAR_JACCARD, tokenSetSteps } from './similarity.js';
import type { CreateInput, WriteRequest } from './write-request.js';

/*
 * Stage 2 of the gate (ADR-0038): judge. Layer 2 reads the store (duplicates, conflicts, the
 * target's state) and decides; the policy is evaluated ONCE on that decision; the result is a
 * value that says what settling must do. Nothing is written here, and nothing is thrown for a
 * refusal: a rejection is a verdict like any other.
 */

/** Stage 2's value: what to do with an admitted request, decided once. `l2.request` may be rewritten. */
export type Judgement =
  | { verdict: 'reject'; l2: Layer2Result; code: string; reason: string; policyMatched?: string }
  | { verdict: 'noop'; l2: Layer2Result }
  | { verdict: 'queue'; l2: Layer2Result; reason: string; policyMatched: string }
  | { verdict: 'commit'; l2: Layer2Result; reason: string; policyMatched: string };

/** What judging reads: the store (a handle, or the review's transaction), the type registry, the policy. */
export type JudgeDeps = Omit<DecisionDeps, 'actor' | 'reviewing'>;

/** Layer 2, then the policy on its decision: reject / noop / queue / commit, with the reason to log. */
export async function judge(deps: JudgeDeps, a: Admitted): Promise<Judgement> {
  const l2 = await decide(a.request, { ...deps, actor: a.actor, reviewing: false });
  if (l2.decision === 'REJECT') return { verdict: 'reject', l2, code: l2.code ?? 'REJECTED', reason: l2.reason };
  if (l2.decision === 'NOOP') return { verdict: 'noop', l2 };
  const { action, policyMatched } = evaluatePolicy(deps.policy, l2.context, deps.registry);
  if (action === 'reject') return { verdict: 'reject', l2, code: 'POLICY_REJECTED', reason: `policy rule ${policyMatched} rejects this request`, policyMatched };
  if (action === 'queue') return { verdict: 'queue', l2, policyMatched, reason: `queued for review by policy ${policyMatched}: ${l2.reason}` };
  return { verdict: 'commit', l2, policyMatched, reason: `auto-approved by policy ${policyMatched}: ${l2.reason}` };
}

/** How many near neighbours a new record is linked to with similar_to (the closest first). */
export const MAX_SIMILAR_EDGES = 3;

/** Rows each Layer 2 candidate list (near duplicates, conflicts) ranks and returns at most. */
const CANDIDATES_PER_LIST = 20;

/** Stored texts a new gate counts words in before its first create (WordRarity.warm). */
const RARITY_SAMPLE = 2000;

/** Layer 2 alone: ADD / UPDATE / NOOP / SUPERSEDE / ... with duplicate and conflict checks (approval re-runs this). */
export async function decide(request: WriteRequest, deps: DecisionDeps): Promise<Layer2Result> {
  if (request.op === 'create') return decideCreate(request, deps);
  return decideExisting(request, deps);
}

type CreateRequest = CreateInput & { op: 'create' };

async function decideCreate(request: CreateRequest, deps: DecisionDeps): Promise<Layer2Result> {
  const ctx = (flags: string[]) => contextOf(request, deps.actor, [request.type], [request.scope], request.metadata?.['impact'], flags);
  const denied = firstDeniedScope(deps.actor, [request.scope]);
  if (denied) return rejectWith('SCOPE_DENIED', `actor ${deps.actor.id} may not write to scope ${denied}`, request, ctx([]));
  const links = await checkLinks(request.links, request.scope, deps.reader);
  if (!Array.isArray(links)) return rejectWith(links.code, links.reason, request, ctx([]));
  // A long text's work runs in turns of the event loop (turns.ts): a 256 KB text never holds the
  // loop for more than a slice (issue 17, ADR-0031). A short one runs at once, as before.
  const size = request.content.length;
  const tokens = await runSized(tokenSetSteps(request.content), size);
  const rarity = deps.rarity;
  await rarity?.warm(async () => runInTurns(wordsOfEach(await deps.reader.sampleContents(RARITY_SAMPLE))));
  const words = await runSized(searchableWordsSteps(request.content), size);
  if (rarity) await runSized(rarity.primeSteps(words.slice(0, MAX_RANKED_WORDS)), size);
  const plan = planFromWords(words, tokens, deps.policy.nearDuplicate.threshold, rarity ? (w) => rarity.order(w) : undefined);
  rarity?.observe(plan.words.slice(0, MAX_RANKED_WORDS));
  const hash = await runSized(contentHashSteps(request.content), size);
  const { exact, candidates } = await findLayer2Candidates(deps.db, {
    scope: request.scope, type: request.type, text: request.content, contentHash: hash, limit: CANDIDATES_PER_LIST,
    nearTerms: plan.nearTerms, opposite: { negated: plan.negated, terms: plan.conflictTerms },
  });
  if (exact) {
    return { decision: 'NOOP', reason: `exact duplicate of ${exact.id} (same content hash in ${request.scope})`, request, flags: [], duplicateOf: exact.id, context: ctx([]) };
  }
  const records = candidates.map((c) => c.record);
  const near = await runSized(scoreNeighbours(tokens, records), records.reduce((n, r) => n + r.content.length, 0));
  const edges = [...links, ...near.edges];
  if (deps.reviewing) return { decision: 'ADD', reason: 'new record approved by reviewer', request, flags: [], context: ctx([]), edges };
  return checkSimilar(request, deps, ctx, near, edges);
}

/** Same-scope, same-type records close to the new text, with their token Jaccard. */
interface Neighbours {
  best?: { record: MemoryRecord; score: number };
  conflict?: MemoryRecord;
  edges: PlannedEdge[];
}

/** The searchable words of each sampled text, one text's slices per step. */
function* wordsOfEach(texts: readonly string[]): Steps<string[][]> {
  const out: string[][] = [];
  for (const text of texts) out.push(yield* searchableWordsSteps(text));
  return out;
}

/** Each candidate's tokens in steps: up to 20 stored texts of up to 256 KB each. */
function* scoreNeighbours(tokens: Set<string>, candidates: MemoryRecord[]): Steps<Neighbours> {
  const scored: { record: MemoryRecord; tokens: Set<string>; score: number }[] = [];
  for (const record of candidates) {
    const theirs = yield* tokenSetSteps(record.content, false);
    scored.push({ record, tokens: theirs, score: jaccard(tokens, theirs) });
  }
  scored.sort((a, b) => b.score - a.score);
  const conflicts = scored.filter((c) => contradictoryTokens(tokens, c.tokens)).map((c) => c.record);
  const edges: PlannedEdge[] = [
    ...scored.filter((s) => s.score >= SIMILAR_JACCARD).slice(0, MAX_SIMILAR_EDGES).map((s) => ({ kind: 'similar_to' as const, other: s.record.id, weight: round(s.score) })),
    ...conflicts.map((r) => ({ kind: 'contradicts' as const, other: r.id, weight: 1 })),
  ];
  const best = scored[0];
  return { ...(best ? { best: { record: best.record, score: best.score } } : {}), ...(conflicts[0] ? { conflict: conflicts[0] } : {}), edges };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function checkSimilar(request: CreateRequest, deps: DecisionDeps, ctx: (f: string[]) => PolicyContext, near: Neighbours, edges: PlannedEdge[]): Layer2Result {
  const { threshold, action } = deps.policy.nearDuplicate;
  const best = near.best;
  if (best && best.score >= threshold) {
    const text = `near duplicate of ${best.record.id} (token Jaccard ${best.score.toFixed(2)} >= ${threshold})`;
    if (action === 'noop') return { decision: 'NOOP', reason: text, request, flags: [], duplicateOf: best.record.id, context: ctx([]) };
    if (action === 'update' && deps.registry.get(best.record.type).mutability === 'mutable') {
      const update: WriteRequest = { op: 'update', id: best.record.id, expectedVersion: best.record.version, patch: { content: request.content } };
      return { decision: 'UPDATE', reason: `${text}: updating it instead`, request: update, flags: [], duplicateOf: best.record.id, target: best.record, context: ctx([]) };
    }
    return { decision: 'ADD', reason: `${text}: flagged for review`, request, flags: ['near_duplicate'], duplicateOf: best.record.id, context: ctx(['near_duplicate']), edges };
  }
  if (near.conflict) {
    // Reasons are audit text kept forever: they name ids, never quote content a forget must purge.
    const reason = `possible contradiction with ${near.conflict.id}: same statement, opposite polarity`;
    return { decision: 'ADD', reason, request, flags: ['possible_conflict'], context: ctx(['possible_conflict']), edges };
  }
  return { decision: 'ADD', reason: 'new record: no duplicate or conflict in scope', request, flags: [], context: ctx([]), edges };
}
