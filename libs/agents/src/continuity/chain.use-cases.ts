import { estimateJsonTokens } from '@engram/retrieval';
import { ChainNotActiveError, ChainNotFoundError, InvalidInputError, InvalidThoughtError } from '../errors.js';
import type { SearchPort } from '../ports.js';
import { resolveReadScopes, resolveWriteScope, type CallContext } from '../scope-context.js';
import type { ChainExtraction, ChainStatus, ThinkingChain, Thought } from './chain-model.js';
import type { FormedMemory } from './prd-model.js';
import { ChainRepository } from './chain.repository.js';
import { revisionPatterns, summariseChain } from './chain-summary.js';
import type { ContinuityDb } from './continuity-tables.js';
import type { FormationPort } from './formation.js';

export interface StartChainInput {
  query: string;
  scope?: string;
  prdExecutionId?: string;
  metadata?: Record<string, unknown>;
}

export interface ThoughtInput {
  content: string;
  /** The number of the thought this one revises. */
  revises?: number;
  /** Start a branch from this thought (needs `branchId`). */
  branchFrom?: number;
  /** The branch this thought belongs to; without `branchFrom` the branch must already exist. */
  branchId?: string;
}

export interface FinishInput {
  /** The caller's own summary; otherwise an extractive one is built from the thoughts. */
  summary?: string;
  /** Abandon instead of completing: nothing is extracted. */
  abandon?: boolean;
}

export interface RecalledChain {
  chainId: string;
  query: string;
  summary: string | null;
  scope: string;
  thoughtCount: number;
  score: number;
  completedAt: string | null;
}

export interface ChainDeps {
  db: ContinuityDb;
  formation: FormationPort;
  search: SearchPort;
  /** Validates the PRD link of a new chain (the execution must be visible). */
  prdExists: (id: string, ctx: CallContext) => Promise<unknown>;
  clock: () => Date;
}

const CHAIN_TAG = 'thinking-chain';

/** Throws INVALID_THOUGHT when a thought revises or branches from a thought the chain does not have. */
function checkThought(chain: ThinkingChain, t: ThoughtInput): void {
  const inRange = (n: number) => Number.isInteger(n) && n >= 1 && n <= chain.thoughtCount;
  if (t.revises !== undefined && !inRange(t.revises)) {
    throw new InvalidThoughtError(`thought ${t.revises} does not exist in this chain (it has ${chain.thoughtCount}); a revision must name an earlier thought`);
  }
  if (t.branchFrom !== undefined) {
    if (!t.branchId) throw new InvalidThoughtError('branch_from needs a branch_id naming the new branch');
    if (!inRange(t.branchFrom)) throw new InvalidThoughtError(`cannot branch from thought ${t.branchFrom}: the chain has ${chain.thoughtCount} thoughts`);
  }
}

/** The best-scoring chains first, cut where the token budget ends. */
function fitChains(ranked: readonly RecalledChain[], maxTokens: number): RecalledChain[] {
  const items: RecalledChain[] = [];
  let tokens = 0;
  for (const item of ranked) {
    const cost = estimateJsonTokens(item);
    if (tokens + cost > maxTokens) break;
    items.push(item);
    tokens += cost;
  }
  return items;
}

/** Thinking chains (seed 004): start, think, finish (summary + extracted memories), recall similar reasoning. */
export class ChainUseCases {
  private readonly repo: ChainRepository;

  constructor(private readonly deps: ChainDeps) {
    this.repo = new ChainRepository(deps.db);
  }

  private visible(c: ThinkingChain | undefined, id: string, ctx: CallContext): ThinkingChain {
    const scopes = resolveReadScopes(undefined, ctx);
    if (!c || (scopes && !scopes.includes(c.scope))) throw new ChainNotFoundError(id);
    return c;
  }

  /** Completion's memories: the summary (semantic) and one procedural memory per revision, via the formation port. */
  private async extract(chain: ThinkingChain, thoughts: readonly Thought[], summary: string, ctx: CallContext): Promise<ChainExtraction> {
    const source = { type: 'thinking_chain', id: chain.id };
    const summaryMemory = await this.deps.formation.form({
      type: 'fact', content: summary, scope: chain.scope, tags: [CHAIN_TAG], source,
      metadata: { chainId: chain.id, query: chain.query, thoughtCount: thoughts.length },
    }, ctx);
    const patterns: FormedMemory[] = [];
    for (const p of revisionPatterns(chain, thoughts)) {
      patterns.push(await this.deps.formation.form({
        type: 'skill', content: p.content, scope: chain.scope, tags: ['revision-pattern', CHAIN_TAG], source,
        metadata: { chainId: chain.id, revises: p.revisedNumber, revision: p.revisionNumber },
      }, ctx));
    }
    return { summary: summaryMemory, revisionPatterns: patterns };
  }

  async start(input: StartChainInput, ctx: CallContext): Promise<ThinkingChain> {
    const scope = resolveWriteScope(input.scope, ctx);
    if (input.prdExecutionId) await this.deps.prdExists(input.prdExecutionId, ctx);
    return this.repo.insert({ scope, query: input.query, prdExecutionId: input.prdExecutionId ?? null, metadata: input.metadata ?? {} }, this.deps.clock());
  }

  /** Adds the next numbered thought under the chain's row lock; validation failures change nothing. */
  async think(chainId: string, input: ThoughtInput, ctx: CallContext): Promise<{ chain: ThinkingChain; thought: Thought }> {
    return this.deps.db.transaction().execute(async (trx) => {
      const r = new ChainRepository(trx);
      const chain = this.visible(await r.findById(chainId, true), chainId, ctx);
      if (chain.status !== 'active') throw new ChainNotActiveError(`thinking chain ${chainId} is ${chain.status}; start a new chain to keep reasoning`);
      checkThought(chain, input);
      const branchId = input.branchId ?? null;
      if (branchId !== null) {
        const exists = await r.hasBranch(chainId, branchId);
        if (input.branchFrom === undefined && !exists) throw new InvalidThoughtError(`branch "${branchId}" does not exist; start it with branch_from`);
        if (input.branchFrom !== undefined && exists) throw new InvalidThoughtError(`branch "${branchId}" already exists; continue it without branch_from`);
      }
      const thought = await r.insertThought(chainId, {
        number: chain.thoughtCount + 1, content: input.content, revises: input.revises ?? null, branchId, branchFrom: input.branchFrom ?? null,
      }, this.deps.clock());
      return { chain: { ...chain, thoughtCount: thought.number }, thought };
    });
  }

  /** Completes (summary + extracted memories through the gate) or abandons an active chain. */
  async finish(chainId: string, input: FinishInput, ctx: CallContext): Promise<{ chain: ThinkingChain; thoughts: Thought[] }> {
    const { chain, thoughts } = await this.deps.db.transaction().execute(async (trx) => {
      const r = new ChainRepository(trx);
      const c = this.visible(await r.findById(chainId, true), chainId, ctx);
      if (c.status !== 'active') throw new ChainNotActiveError(`thinking chain ${chainId} is already ${c.status}`);
      const ts = await r.thoughts(chainId);
      if (!input.abandon && ts.length === 0) throw new InvalidInputError('a chain needs at least one thought to be completed (or abandon it)');
      const summary = input.abandon ? (input.summary ?? null) : (input.summary ?? summariseChain(c, ts));
      const status: ChainStatus = input.abandon ? 'abandoned' : 'completed';
      return { chain: await r.finish(chainId, { status, summary }, this.deps.clock()), thoughts: ts };
    });
    if (chain.status !== 'completed' || chain.summary === null) return { chain, thoughts };
    const extracted = await this.extract(chain, thoughts, chain.summary, ctx);
    await this.repo.setExtracted(chain.id, extracted);
    return { chain: { ...chain, extracted }, thoughts };
  }

  async get(chainId: string, ctx: CallContext): Promise<{ chain: ThinkingChain; thoughts: Thought[] }> {
    const chain = this.visible(await this.repo.findById(chainId), chainId, ctx);
    return { chain, thoughts: await this.repo.thoughts(chainId) };
  }

  async list(ctx: CallContext, opts: { scope?: string; status?: ChainStatus; limit?: number } = {}): Promise<ThinkingChain[]> {
    return this.repo.list(resolveReadScopes(opts.scope, ctx), { ...(opts.status ? { status: opts.status } : {}), limit: opts.limit ?? 50 });
  }

  /**
   * Similar past reasoning: the completed chains whose summary memories match the query best
   * (the same hybrid search as recall, over the caller's scopes), fitted to `maxTokens`.
   */
  async recall(query: string, ctx: CallContext, opts: { scope?: string; limit?: number; maxTokens?: number } = {}) {
    const limit = opts.limit ?? 5;
    const scopes = resolveReadScopes(opts.scope, ctx) ?? ['global'];
    const found = await this.deps.search.search({ text: query, mode: 'hybrid', topK: limit * 3, scopes, types: ['fact'], tags: [CHAIN_TAG] });
    const scoreOf = new Map<string, number>();
    for (const hit of found.results) {
      const id = hit.record.source.type === 'thinking_chain' ? hit.record.source.id : null;
      if (id && !scoreOf.has(id)) scoreOf.set(id, hit.score);
    }
    const chains = await this.repo.findMany([...scoreOf.keys()].slice(0, limit), scopes);
    const ranked: RecalledChain[] = chains
      .map((c) => ({
        chainId: c.id, query: c.query, summary: c.summary, scope: c.scope, thoughtCount: c.thoughtCount,
        score: scoreOf.get(c.id) ?? 0, completedAt: c.completedAt?.toISOString() ?? null,
      }))
      .sort((a, b) => b.score - a.score);
    const items = fitChains(ranked, opts.maxTokens ?? 4000);
    return { chains: items, truncated: items.length < ranked.length, total: ranked.length, mode: found.mode };
  }
}
