import { randomUUID } from 'node:crypto';
import { isUuid, redactSensitive } from '@engram/memory';
import type { Selectable } from 'kysely';
import type { ChainExtraction, ChainStatus, ThinkingChain, Thought } from './chain-model.js';
import { fromJson, type ContinuityDb, type ThinkingChainsTable, type ThinkingThoughtsTable } from './continuity-tables.js';

function toChain(r: Selectable<ThinkingChainsTable>): ThinkingChain {
  return {
    id: r.id, scope: r.scope, query: r.query, summary: r.summary, status: r.status as ChainStatus, thoughtCount: r.thought_count,
    prdExecutionId: r.prd_execution_id, metadata: fromJson<Record<string, unknown>>(r.metadata),
    extracted: r.extracted === null ? null : fromJson<ChainExtraction>(r.extracted), createdAt: r.created_at, updatedAt: r.updated_at, completedAt: r.completed_at,
  };
}

function toThought(r: Selectable<ThinkingThoughtsTable>): Thought {
  return { number: r.number, content: r.content, revises: r.revises, branchId: r.branch_id, branchFrom: r.branch_from, createdAt: r.created_at };
}

/** Queries on thinking_chains and thinking_thoughts (CONVENTIONS C8). */
export class ChainRepository {
  constructor(private readonly db: ContinuityDb) {}

  async insert(c: { scope: string; query: string; prdExecutionId: string | null; metadata: Record<string, unknown> }, now: Date): Promise<ThinkingChain> {
    const row = await this.db
      .insertInto('thinking_chains')
      .values({
        // Ungated text: secrets and personal data are redacted, never refused (issue 17).
        id: randomUUID(), scope: c.scope, query: redactSensitive(c.query), summary: null, status: 'active', prd_execution_id: c.prdExecutionId,
        metadata: JSON.stringify(redactSensitive(c.metadata)), extracted: null, created_at: now, updated_at: now, completed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toChain(row);
  }

  async findById(id: string, forUpdate = false): Promise<ThinkingChain | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.db.selectFrom('thinking_chains').selectAll().where('id', '=', id).$if(forUpdate, (q) => q.forUpdate()).executeTakeFirst();
    return row && toChain(row);
  }

  async findMany(ids: readonly string[], scopes: readonly string[] | undefined): Promise<ThinkingChain[]> {
    const valid = ids.filter(isUuid);
    if (!valid.length) return [];
    const rows = await this.db
      .selectFrom('thinking_chains')
      .selectAll()
      .where('id', 'in', valid)
      .$if(scopes !== undefined, (q) => q.where('scope', 'in', [...(scopes ?? [])]))
      .execute();
    return rows.map(toChain);
  }

  async thoughts(chainId: string): Promise<Thought[]> {
    const rows = await this.db.selectFrom('thinking_thoughts').selectAll().where('chain_id', '=', chainId).orderBy('number').execute();
    return rows.map(toThought);
  }

  async hasBranch(chainId: string, branchId: string): Promise<boolean> {
    const row = await this.db.selectFrom('thinking_thoughts').select('number').where('chain_id', '=', chainId).where('branch_id', '=', branchId).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async insertThought(chainId: string, t: Omit<Thought, 'createdAt'>, now: Date): Promise<Thought> {
    const row = await this.db
      .insertInto('thinking_thoughts')
      .values({ chain_id: chainId, number: t.number, content: redactSensitive(t.content), revises: t.revises, branch_id: t.branchId, branch_from: t.branchFrom, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.db.updateTable('thinking_chains').set({ thought_count: t.number, updated_at: now }).where('id', '=', chainId).execute();
    return toThought(row);
  }

  async finish(chainId: string, patch: { status: ChainStatus; summary: string | null }, now: Date): Promise<ThinkingChain> {
    const row = await this.db
      .updateTable('thinking_chains')
      .set({ status: patch.status, summary: patch.summary, completed_at: now, updated_at: now })
      .where('id', '=', chainId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toChain(row);
  }

  async setExtracted(chainId: string, extracted: ChainExtraction): Promise<void> {
    await this.db.updateTable('thinking_chains').set({ extracted: JSON.stringify(extracted) }).where('id', '=', chainId).execute();
  }

  async list(scopes: readonly string[] | undefined, opts: { status?: ChainStatus; limit: number }): Promise<ThinkingChain[]> {
    const rows = await this.db
      .selectFrom('thinking_chains')
      .selectAll()
      .$if(scopes !== undefined, (q) => q.where('scope', 'in', [...(scopes ?? [])]))
      .$if(opts.status !== undefined, (q) => q.where('status', '=', opts.status ?? 'active'))
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(opts.limit)
      .execute();
    return rows.map(toChain);
  }
}
