import { RecordNotFoundError, type MemoryRecord, type MemoryStatus, type Page } from '@engram/memory';
import type { ReaderPort, SearchMode, SearchPort } from './ports.js';
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

function degradedText(value: string | boolean | undefined): string | undefined {
  if (value === undefined || value === false) return undefined;
  return value === true ? 'vector search unavailable; keyword results only' : value;
}

/** Read use cases; every read is confined to the caller's visible scopes. */
export function createReadUseCases(reader: ReaderPort, search: SearchPort) {
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
    /** The scopes holding a memory that the caller may read: every one for an operator without a scope list. */
    async knownScopes(ctx: CallContext): Promise<string[]> {
      const all = await reader.scopesInUse();
      const visible = resolveReadScopes(undefined, ctx);
      return visible ? all.filter((s) => visible.includes(s)) : all;
    },
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
  };
}
