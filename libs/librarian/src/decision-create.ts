import { contentHashSteps, runInTurns, runSized, type MemoryRecord, type Steps } from '@engram/memory';
import { firstDeniedScope } from './actor.js';
import { MAX_RANKED_WORDS, planFromWords, searchableWordsSteps } from './candidate-terms.js';
import { contextOf, rejectWith, type DecisionDeps, type Layer2Result } from './decision-context.js';
import { checkLinks } from './edges/link-check.js';
import type { PlannedEdge } from './edges/planned-edge.js';
import { findLayer2Candidates, type Layer2CandidateQuery, type Layer2Candidates } from './layer2-candidates.query.js';
import type { PolicyContext } from './policy.js';
import { contradictoryTokens, jaccard, SIMILAR_JACCARD, tokenSetSteps } from './similarity.js';
import type { CreateInput, WriteRequest } from './write-request.js';

/*
 * Layer 2 for a create (ADR-0038's judge, split for ADR-0050): plan the candidate query, read
 * the candidates (alone, or with a batch's in one statement), decide NOOP / UPDATE / ADD with
 * flags and edges from them.
 */

/** How many near neighbours a new record is linked to with similar_to (the closest first). */
export const MAX_SIMILAR_EDGES = 3;

/** Rows each Layer 2 candidate list (near duplicates, conflicts) ranks and returns at most. */
const CANDIDATES_PER_LIST = 20;

/** Stored texts a new gate counts words in before its first create (WordRarity.warm). */
const RARITY_SAMPLE = 2000;

/** A create request (Layer 2's own read: duplicates, near duplicates, conflicts). */
export type CreateRequest = CreateInput & { op: 'create' };

/**
 * What Layer 2 knows of a create before it reads the store: the request's links checked, its
 * tokens, and the candidate query (the prefix-filter words, in the gate's word order). Planning
 * observes the words in the gate's rarity table, so a create is planned ONCE, in submission
 * order, whether its candidates are then read alone or with a batch's.
 */
export interface CreatePlan {
  request: CreateRequest;
  tokens: Set<string>;
  links: PlannedEdge[];
  query: Layer2CandidateQuery;
}

/** Layer 2 for a create: plan, one candidate read, decide. */
export async function decideCreate(request: CreateRequest, deps: DecisionDeps): Promise<Layer2Result> {
  const plan = await planCreate(request, deps);
  if (!('query' in plan)) return plan;
  return decideFromCandidates(plan, await findLayer2Candidates(deps.db, plan.query), deps);
}

/** A create's plan, or the rejection (scope, links) that ends it before any candidate read. */
export async function planCreate(request: CreateRequest, deps: DecisionDeps): Promise<CreatePlan | Layer2Result> {
  const denied = firstDeniedScope(deps.actor, [request.scope]);
  if (denied) return rejectWith('SCOPE_DENIED', `actor ${deps.actor.id} may not write to scope ${denied}`, request, contextOfCreate(request, deps, []));
  const links = await checkLinks(request.links, request.scope, deps.reader);
  if (!Array.isArray(links)) return rejectWith(links.code, links.reason, request, contextOfCreate(request, deps, []));
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
  const query: Layer2CandidateQuery = {
    scope: request.scope, type: request.type, text: request.content, contentHash: hash, limit: CANDIDATES_PER_LIST,
    nearTerms: plan.nearTerms, opposite: { negated: plan.negated, terms: plan.conflictTerms },
  };
  return { request, tokens, links, query };
}

/** Layer 2's decision for a planned create from its candidate read (alone or a batch's). */
export async function decideFromCandidates(plan: CreatePlan, found: Layer2Candidates, deps: DecisionDeps): Promise<Layer2Result> {
  const { request, tokens, links } = plan;
  const ctx = (flags: string[]) => contextOfCreate(request, deps, flags);
  const { exact, candidates } = found;
  if (exact) {
    return { decision: 'NOOP', reason: `exact duplicate of ${exact.id} (same content hash in ${request.scope})`, request, flags: [], duplicateOf: exact.id, context: ctx([]) };
  }
  const records = candidates.map((c) => c.record);
  const near = await runSized(scoreNeighbours(tokens, records), records.reduce((n, r) => n + r.content.length, 0));
  const edges = [...links, ...near.edges];
  if (deps.reviewing) return { decision: 'ADD', reason: 'new record approved by reviewer', request, flags: [], context: ctx([]), edges };
  return checkSimilar(request, deps, ctx, near, edges);
}

function contextOfCreate(request: CreateRequest, deps: DecisionDeps, flags: string[]): PolicyContext {
  return contextOf(request, deps.actor, [request.type], [request.scope], request.metadata?.['impact'], flags);
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
