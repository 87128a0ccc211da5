import { contentHash, type MemoryRecord } from '@engram/memory';
import { firstDeniedScope } from './actor.js';
import { candidateTerms } from './candidate-terms.js';
import { contextOf, rejectWith, type DecisionDeps, type Layer2Result } from './decision-context.js';
import { decideExisting } from './decision-existing.js';
import type { PolicyContext } from './policy.js';
import { jaccard, looksContradictory, tokenSet } from './similarity.js';
import type { CreateInput, WriteRequest } from './write-request.js';

/** Layer 2: ADD / UPDATE / NOOP / SUPERSEDE / ... with duplicate and conflict checks. */
export async function decide(request: WriteRequest, deps: DecisionDeps): Promise<Layer2Result> {
  if (request.op === 'create') return decideCreate(request, deps);
  return decideExisting(request, deps);
}

async function decideCreate(request: Extract<WriteRequest, { op: 'create' }>, deps: DecisionDeps): Promise<Layer2Result> {
  const ctx = (flags: string[]) => contextOf(request, deps.actor, [request.type], [request.scope], request.metadata?.['impact'], flags);
  const denied = firstDeniedScope(deps.actor, [request.scope]);
  if (denied) return rejectWith('SCOPE_DENIED', `actor ${deps.actor.id} may not write to scope ${denied}`, request, ctx([]));
  const exact = await deps.reader.findActiveByContentHash(request.scope, contentHash(request.content));
  if (exact) {
    return { decision: 'NOOP', reason: `exact duplicate of ${exact.id} (same content hash in ${request.scope})`, request, flags: [], duplicateOf: exact.id, context: ctx([]) };
  }
  if (deps.reviewing) return { decision: 'ADD', reason: 'new record approved by reviewer', request, flags: [], context: ctx([]) };
  return checkSimilar(request, deps, ctx);
}

async function checkSimilar(request: CreateInput & { op: 'create' }, deps: DecisionDeps, ctx: (f: string[]) => PolicyContext): Promise<Layer2Result> {
  const tokens = tokenSet(request.content);
  const { threshold, action } = deps.policy.nearDuplicate;
  const terms = candidateTerms(request.content, tokens, threshold);
  const candidates = await deps.reader.findTextCandidates({ scope: request.scope, type: request.type, text: request.content, terms, limit: 20 });
  let best: { record: MemoryRecord; score: number } | undefined;
  for (const c of candidates) {
    const score = jaccard(tokens, tokenSet(c.record.content));
    if (!best || score > best.score) best = { record: c.record, score };
  }
  if (best && best.score >= threshold) {
    const near = `near duplicate of ${best.record.id} (token Jaccard ${best.score.toFixed(2)} >= ${threshold})`;
    if (action === 'noop') return { decision: 'NOOP', reason: near, request, flags: [], duplicateOf: best.record.id, context: ctx([]) };
    if (action === 'update' && deps.registry.get(best.record.type).mutability === 'mutable') {
      const update: WriteRequest = { op: 'update', id: best.record.id, expectedVersion: best.record.version, patch: { content: request.content } };
      return { decision: 'UPDATE', reason: `${near}: updating it instead`, request: update, flags: [], duplicateOf: best.record.id, target: best.record, context: ctx([]) };
    }
    return { decision: 'ADD', reason: `${near}: flagged for review`, request, flags: ['near_duplicate'], duplicateOf: best.record.id, context: ctx(['near_duplicate']) };
  }
  const conflict = candidates.find((c) => looksContradictory(request.content, c.record.content));
  if (conflict) {
    // Reasons are audit text kept forever: they name ids, never quote content a forget must purge.
    const reason = `possible contradiction with ${conflict.record.id}: same statement, opposite polarity`;
    return { decision: 'ADD', reason, request, flags: ['possible_conflict'], context: ctx(['possible_conflict']) };
  }
  return { decision: 'ADD', reason: 'new record: no duplicate or conflict in scope', request, flags: [], context: ctx([]) };
}
