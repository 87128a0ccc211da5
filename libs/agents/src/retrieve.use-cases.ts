import type { Contradiction, QueryRoute, RetrieveQuery, RetrieveResponse, ValidationReport } from '@engram/retrieval';
import { conversationRecallItems, mergeRecall, type ConversationSearchPort } from './conversation/conversation-recall.js';
import type { AccessPort, RetrievalPort, SearchMode } from './ports.js';
import { toRecallItem, type RecallItem } from './recall-item.js';
import { resolveReadScopes, resolveWriteScope, type CallContext } from './scope-context.js';

/**
 * Input of memory.retrieve: the validated, ranked, budgeted pipeline (SPEC 5). The pipeline's own
 * query, except that a caller names its query text and at most one scope; the visible scopes are
 * resolved from the call context.
 */
export type RetrieveInput = Omit<RetrieveQuery, 'text' | 'scopes'> & {
  query: string;
  scope?: string;
  /** Also search the project's conversation log (memory.retrieve does; internal callers do not). */
  includeConversation?: boolean;
};

/** memory.retrieve's answer: the pipeline's, plus matching conversation turns (source 'conversation') when asked for. */
export type RetrieveOutput = RetrieveResponse & { conversation?: RecallItem[] };

/** Input of recall (seed 004): the pipeline, hybrid, compact and within a token budget. */
export interface RecallInput {
  query: string;
  topK?: number;
  scope?: string;
  types?: string[];
  tags?: string[];
  maxTokens?: number;
}

/** Recall answer: compact items plus what validation and the budget found. */
export interface RecallOutput {
  items: RecallItem[];
  /** Some results were degraded or left out to fit the budget. */
  truncated: boolean;
  /** Validated results before the budget. */
  total: number;
  tokens: number;
  excludedCount: number;
  contradictions: Contradiction[];
  mode: SearchMode;
  route: QueryRoute;
  notice: string;
  degraded?: string;
}

const DEFAULT_RECALL_TOKENS = 4000; // seed 004 MCP default budget

/**
 * Retrieval use cases; every call is confined to the caller's visible scopes (never every scope).
 * With a conversation search, recall also searches the project's conversation log (issue 21).
 */
export function createRetrieveUseCases(retrieval: RetrievalPort, access: AccessPort, conversation?: ConversationSearchPort) {
  /** Conversation turns for a recall in a project scope; none for global or without a TOC. */
  async function turns(input: { query: string; scope?: string }, ctx: CallContext, topK: number): Promise<RecallItem[]> {
    const scope = resolveWriteScope(input.scope, ctx);
    if (!conversation || !scope.startsWith('project:')) return [];
    return conversationRecallItems(conversation, scope, input.query, topK);
  }

  function retrieve(input: RetrieveInput, ctx: CallContext): Promise<RetrieveResponse> {
    // An operator naming no scope reads every scope they listed; anyone else, global + their own.
    const everyScope = ctx.admin && input.scope === undefined && ctx.operatorScopes ? resolveReadScopes(undefined, ctx) : undefined;
    const scopes = everyScope ?? resolveReadScopes(input.scope, { ...ctx, admin: false }) ?? [];
    const { query, scope: _scope, includeConversation: _c, ...rest } = input;
    return retrieval.retrieve({ ...rest, text: query, scopes });
  }

  /** The pipeline and, when asked, the conversation turns that fit the budget it left (issue 21). */
  async function retrieveWithConversation(input: RetrieveInput, ctx: CallContext): Promise<RetrieveOutput> {
    const topK = input.topK ?? 10;
    const [out, said] = await Promise.all([retrieve(input, ctx), input.includeConversation ? turns(input, ctx, topK) : []]);
    if (!input.includeConversation) return out;
    const merged = mergeRecall([], said, { topK, tokensLeft: out.budget.maxTokens - out.budget.usedTokens });
    return { ...out, conversation: merged.items };
  }

  return {
    retrieve: retrieveWithConversation,
    /** memory.validate: per id, whether it is current knowledge and why not. */
    validate(ids: string[], ctx: CallContext, scope?: string): Promise<ValidationReport[]> {
      return retrieval.validate({ ids, scopes: resolveReadScopes(scope, { ...ctx, admin: false }) ?? [] });
    },
    async recall(input: RecallInput, ctx: CallContext): Promise<RecallOutput> {
      const topK = input.topK ?? 8;
      const maxTokens = input.maxTokens ?? DEFAULT_RECALL_TOKENS;
      const [out, said] = await Promise.all([retrieve({ ...input, mode: 'hybrid', topK, maxTokens }, ctx), turns(input, ctx, topK)]);
      const merged = mergeRecall(out.results.map(toRecallItem), said, { topK, tokensLeft: maxTokens - out.budget.usedTokens });
      const delivered = new Set(merged.items.filter((i) => i.source === 'memory').map((i) => i.id));
      // Only what the agent actually receives counts as accessed (reinforcement, seed 004).
      if (delivered.size > 0) await access.touch([...delivered]);
      const excludedCount = out.budget.excludedCount + merged.excluded;
      return {
        items: merged.items, truncated: out.budget.tokenBudgetExceeded || merged.excluded > 0, total: merged.items.length + excludedCount,
        tokens: out.budget.usedTokens + merged.tokens, excludedCount, contradictions: out.contradictions, mode: out.mode,
        route: out.route, notice: out.notice, ...(out.degraded ? { degraded: out.degraded } : {}),
      };
    },
  };
}
