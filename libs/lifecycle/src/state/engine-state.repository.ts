import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DecisionConfig } from '../decision/decision-config.js';
import type { HistoryFacts, StorageDecision } from '../decision/storage-decision.js';
import type { LifecycleDb } from './lifecycle-tables.js';

const DAY_MS = 86_400_000;
const STORED = ['store', 'store_compressed'] as const;

/** What became of a judged event (the gate's answer for stored ones). */
export interface EventOutcome {
  memoryId?: string | null;
  gateStatus?: string | null;
  latencyMs?: number;
}

/**
 * The decision engine's memory of past events, in Postgres so it survives restarts and is shared
 * by every process on the database (ADR-0014). Reads are scoped: an event's past is its scope's.
 */
export class EngineStateRepository {
  constructor(private readonly db: LifecycleDb) {}

  /** Everything stage 1 and 2 need to know about the past of an event. */
  async facts(scope: string, entities: readonly string[], eventType: string, ts: Date, config: DecisionConfig): Promise<HistoryFacts> {
    if (entities.length === 0) return { neighbours: [], entityRefs: new Map(), sameTypeStored: new Map(), linkTargets: [] };
    const ents = sql`${sql.val([...entities])}::text[]`;
    const window = (days: number) => ({ from: new Date(ts.getTime() - days * DAY_MS), to: new Date(ts.getTime() + days * DAY_MS) });
    const sim = window(config.similarWindowDays);
    const comp = window(config.compressionWindowDays);
    const [neighbours, refs, sameType, links] = await Promise.all([
      this.db.selectFrom('lifecycle_events').select('tokens')
        .where('scope', '=', scope).where(sql<boolean>`entities && ${ents}`)
        .where('occurred_at', '>=', sim.from).where('occurred_at', '<=', sim.to)
        .orderBy('occurred_at', 'desc').limit(config.similarScanLimit).execute(),
      this.db.selectFrom('lifecycle_entity_refs').select(['entity', 'ref_count'])
        .where('scope', '=', scope).where('entity', 'in', [...entities]).execute(),
      this.db.selectFrom('lifecycle_events').select([sql<string>`unnest(entities)`.as('entity'), sql<number>`1`.as('one')])
        .where('scope', '=', scope).where('event_type', '=', eventType).where('decision', 'in', STORED)
        .where(sql<boolean>`entities && ${ents}`)
        .where('occurred_at', '>=', comp.from).where('occurred_at', '<=', comp.to).execute(),
      this.db.selectFrom('lifecycle_events').select('memory_id')
        .where('scope', '=', scope).where('memory_id', 'is not', null).where(sql<boolean>`entities && ${ents}`)
        .orderBy('occurred_at', 'desc').limit(config.maxLinks * 4).execute(),
    ]);
    const wanted = new Set(entities);
    const sameTypeStored = new Map<string, number>();
    for (const r of sameType) if (wanted.has(r.entity)) sameTypeStored.set(r.entity, (sameTypeStored.get(r.entity) ?? 0) + 1);
    return {
      neighbours,
      entityRefs: new Map(refs.map((r) => [r.entity, Number(r.ref_count)])),
      sameTypeStored,
      linkTargets: [...new Set(links.map((r) => r.memory_id).filter((id): id is string => id !== null))],
    };
  }

  /** Records a judged event and counts its entity references, in one transaction. */
  async record(d: StorageDecision, outcome: EventOutcome): Promise<string> {
    const id = randomUUID();
    const p = d.processed;
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('lifecycle_events').values({
        id, scope: p.event.scope, source: p.event.source, event_type: p.eventType, entities: p.entities, tokens: p.tokens,
        occurred_at: p.event.ts, decision: d.action, relevance: d.relevance,
        signals: JSON.stringify({ ...p.signals, timesSeen: p.timesSeen, entityReferenceCount: p.entityReferenceCount }),
        latency_ms: outcome.latencyMs ?? null, memory_id: outcome.memoryId ?? null, gate_status: outcome.gateStatus ?? null,
      }).execute();
      if (p.entities.length === 0) return;
      // Sorted, so concurrent writers lock entity rows in the same order (no deadlocks).
      await trx.insertInto('lifecycle_entity_refs')
        .values([...p.entities].sort().map((entity) => ({ scope: p.event.scope, entity, ref_count: 1, first_seen: p.event.ts, last_seen: p.event.ts })))
        .onConflict((oc) => oc.columns(['scope', 'entity']).doUpdateSet({
          ref_count: sql`lifecycle_entity_refs.ref_count + 1`,
          last_seen: sql`greatest(lifecycle_entity_refs.last_seen, excluded.last_seen)`,
        }))
        .execute();
    });
    return id;
  }
}
