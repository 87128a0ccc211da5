import type { ContentOnlyMemory, DeliveredMemory, RetrievedMemory, TokenBudgetReport } from './retrieve.types.js';

/** Seed 000 FR-03: about 4 characters per token; counted on what is actually delivered (JSON). */
export function estimateJsonTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / 4);
}

/** Below this many free tokens a truncated item would carry too little to be worth sending. */
const MIN_TRUNCATED_TOKENS = 24;

function contentOnly(m: RetrievedMemory, form: 'content' | 'truncated', content = m.content): ContentOnlyMemory {
  return { form, id: m.id, type: m.type, content, trust: m.trust, confidence: m.confidence, url: m.citation.url, issues: m.issues.map((i) => i.code) };
}

function truncatedToFit(m: RetrievedMemory, free: number): ContentOnlyMemory | null {
  if (free < MIN_TRUNCATED_TOKENS) return null;
  const skeleton = contentOnly(m, 'truncated', '');
  const chars = (free - estimateJsonTokens(skeleton)) * 4 - 8;
  if (chars < 16) return null;
  return contentOnly(m, 'truncated', `${m.content.slice(0, chars)}…`);
}

/**
 * Fits ranked results into `maxTokens` (seed 004 "Token Budget Awareness"): the best results in
 * full; once one does not fit, the rest with their content only; the first that does not fit even
 * so is cut to the space left (when that is worth sending) and the list ends there.
 */
export function fitToTokenBudget(ranked: readonly RetrievedMemory[], maxTokens: number): { delivered: DeliveredMemory[]; report: TokenBudgetReport } {
  const delivered: DeliveredMemory[] = [];
  let used = 0;
  let level: 'full' | 'content' = 'full';
  for (const m of ranked) {
    const candidate: DeliveredMemory = level === 'full' ? m : contentOnly(m, 'content');
    const cost = estimateJsonTokens(candidate);
    if (used + cost <= maxTokens) {
      delivered.push(candidate);
      used += cost;
      continue;
    }
    if (level === 'full') {
      level = 'content';
      const lean = contentOnly(m, 'content');
      const leanCost = estimateJsonTokens(lean);
      if (used + leanCost <= maxTokens) {
        delivered.push(lean);
        used += leanCost;
        continue;
      }
    }
    const cut = truncatedToFit(m, maxTokens - used);
    if (cut) {
      delivered.push(cut);
      used += estimateJsonTokens(cut);
    }
    break;
  }
  const count = (form: DeliveredMemory['form']) => delivered.filter((d) => d.form === form).length;
  const excludedCount = ranked.length - delivered.length;
  const report: TokenBudgetReport = {
    maxTokens, usedTokens: used, tokenBudgetExceeded: excludedCount > 0 || count('content') + count('truncated') > 0,
    excludedCount, contentOnlyCount: count('content'), truncatedCount: count('truncated'),
  };
  return { delivered, report };
}
