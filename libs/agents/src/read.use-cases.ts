import { RecordNotFoundError, type MemoryRecord, type MemoryStatus, type Page } from '@engram/memory';
import type { AccessPort, ReaderPort, SearchMode, SearchPort } from './ports.js';
import { fitToBudget, type BudgetedRecall, type RecallItem } from './recall-budget.js';
import { resolveReadScopes, type CallContext } from './scope-context.js';

/** Filters of memory.list (seed 000 FR-06) plus SPEC 3 filters. */
export interface ListInput {
  scope?: string;
  types?: string[];
  tags?: string[];
  createdAfter?: Date;
  createdBefore?: Date;
  metadataPath?: string;
  includeArchived?: boolean;
  statuses?: MemoryStatus[];
  limit?: number;
  cursor?: string;
}

/** Input of memory.search. */
export interface SearchInput {
  query: string;
  mode?: SearchMode;
  topK?: number;
  scope?: string;
  types?: string[];
  tags?: string[];
  includeArchived?: boolean;
}

/** A search answer: hits with scores, the mode actually used, and why it degraded (if it did). */
export interface SearchOutput {
  results: { record: MemoryRecord; score: number }[];
  mode: SearchMode;
  degraded?: string;
}

/** Input of recall (seed 004): a hybrid search, compacted and budgeted for an agent's context. */
export interface RecallInput extends Omit<SearchInput, 'mode'> {
  maxTokens?: number;
}

/** Recall answer. */
export interface RecallOutput extends BudgetedRecall {
  mode: SearchMode;
  degraded?: string;
}

const DEFAULT_RECALL_TOKENS = 4000; // seed 004 default budget

function toRecallItem(record: MemoryRecord, score: number): RecallItem {
  const item: RecallItem = {
    id: record.id,
    type: record.type,
    content: record.content,
    scope: record.scope,
    tags: record.tags,
    score,
    confidence: record.confidence,
    createdAt: record.createdAt.toISOString(),
  };
  if (Object.keys(record.metadata).length > 0) item.metadata = record.metadata;
  return item;
}

function degradedText(value: string | boolean | undefined): string | undefined {
  if (value === undefined || value === false) return undefined;
  return value === true ? 'vector search unavailable; keyword results only' : value;
}

/** Read use cases; every read is confined to the caller's visible scopes. */
export function createReadUseCases(reader: ReaderPort, search: SearchPort, access: AccessPort) {
  async function get(id: string, ctx: CallContext, opts: { version?: number; asOf?: Date; scope?: string } = {}) {
    const record = await reader.get(id, { version: opts.version, asOf: opts.asOf });
    const scopes = resolveReadScopes(opts.scope, ctx);
    // A record outside the caller's scopes does not exist for them: same error, nothing leaked.
    if (scopes && !scopes.includes(record.scope)) throw new RecordNotFoundError(id);
    return record;
  }

  async function runSearch(input: SearchInput, ctx: CallContext): Promise<SearchOutput> {
    const scopes = resolveReadScopes(input.scope, ctx) ?? [];
    const out = await search.search({
      text: input.query, mode: input.mode ?? 'hybrid', topK: input.topK ?? 10, scopes,
      types: input.types, tags: input.tags, includeArchived: input.includeArchived ?? false,
    });
    const degraded = degradedText(out.degraded);
    return { results: out.results.map((r) => ({ record: r.record, score: r.score })), mode: out.mode, ...(degraded ? { degraded } : {}) };
  }

  return {
    get,
    /** Every stored version of a visible record, oldest first. */
    async history(id: string, ctx: CallContext, scope?: string) {
      await get(id, ctx, { scope });
      return reader.versions(id);
    },
    list(input: ListInput, ctx: CallContext): Promise<Page<MemoryRecord>> {
      const scopes = resolveReadScopes(input.scope, ctx);
      return reader.list(
        {
          scopes, types: input.types, tags: input.tags, createdAfter: input.createdAfter, createdBefore: input.createdBefore,
          metadataPath: input.metadataPath, includeArchived: input.includeArchived, statuses: input.statuses,
        },
        { limit: input.limit, cursor: input.cursor },
      );
    },
    search: runSearch,
    async recall(input: RecallInput, ctx: CallContext): Promise<RecallOutput> {
      const out = await runSearch({ ...input, mode: 'hybrid', topK: input.topK ?? 8 }, ctx);
      const budgeted = fitToBudget(out.results.map((r) => toRecallItem(r.record, r.score)), input.maxTokens ?? DEFAULT_RECALL_TOKENS);
      // Only what the agent actually receives counts as accessed (reinforcement, seed 004).
      if (budgeted.items.length > 0) await access.touch(budgeted.items.map((i) => i.id));
      return { ...budgeted, mode: out.mode, ...(out.degraded ? { degraded: out.degraded } : {}) };
    },
  };
}
