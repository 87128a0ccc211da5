/** A recalled memory in the compact shape agents consume. */
export interface RecallItem {
  id: string;
  type: string;
  content: string;
  scope: string;
  tags: string[];
  score: number;
  confidence: number;
  createdAt: string;
  metadata?: Record<string, unknown>;
}

/** A token-budgeted recall answer (seed 004 "Token Budget Awareness"). */
export interface BudgetedRecall {
  items: RecallItem[];
  truncated: boolean;
  total: number;
  tokens: number;
}

// A rough, model-independent estimate (about 4 characters per token for English text); the budget
// protects the caller's context window, it does not need tokenizer precision.
export function estimateTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value).length / 4);
}

/**
 * Fits ranked items into `maxTokens` the way seed 004 prescribes: the best items in full, the next
 * ones without metadata, and the list cut when even that does not fit (`truncated`, `total`).
 */
export function fitToBudget(ranked: readonly RecallItem[], maxTokens: number): BudgetedRecall {
  const items: RecallItem[] = [];
  let tokens = 0;
  let fullMode = true;
  for (const item of ranked) {
    const full = estimateTokens(item);
    if (fullMode && tokens + full <= maxTokens) {
      items.push(item);
      tokens += full;
      continue;
    }
    fullMode = false;
    const { metadata: _dropped, ...lean } = item;
    const leanCost = estimateTokens(lean);
    if (tokens + leanCost > maxTokens) break;
    items.push(lean);
    tokens += leanCost;
  }
  return { items, truncated: items.length < ranked.length, total: ranked.length, tokens };
}
