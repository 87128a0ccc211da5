import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DecisionConfig, RelevanceWeights } from '../decision/decision-config.js';
import type { HistoryFacts, StorageDecision } from '../decision/storage-decision.js';
import type { LifecycleDb } from './lifecycle-tables.js';

const DAY_MS = 86_400_000;

/** What became of a judged event (the gate's answer for stored ones). */
export interface EventOutcome {
  memoryId?: string | null;
  gateStatus?: string | null;
  latencyMs?: number;
}

interface FactsRow {
  neighbours: string[][] | string | null;
  refs: Record<string, number> | string | null;
  same_type: Record<string, number> | string | null;
  links: string[] | string | null;
  weights: { recency: number; frequency: number; entity_importance: number } | string | null;
}

// json columns come back parsed from node-postgres and as text from some drivers: accept both.
const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * The decision engine's memory of past events, in Postgres so it survives restarts and is shared
 * by every process on the database (ADR-0014). Reads are scoped: an event's past is its scope's.
 * Each method is ONE statement (one round trip): the engine sits on the hot path of every event.
 */
export class EngineStateRepository {
  constructor(private readonly db: LifecycleDb) {}

  /** Everything stage 1 and 2 need about an event's past, plus the current weights (null: none learnt yet). */
  async facts(scope: string, entities: readonly string[], eventType: string, ts: Date, config: DecisionConfig): Promise<{ facts: HistoryFacts; weights: RelevanceWeights | null }> {
    const ents = sql`${sql.val([...entities])}::text[]`;
    const at = (days: number, sign: 1 | -1) => new Date(ts.getTime() + sign * days * DAY_MS);
    const { rows } = await sql<FactsRow>`
      WITH near AS (
        SELECT tokens FROM lifecycle_events
        WHERE scope = ${scope} AND entities && ${ents}
          AND occurred_at BETWEEN ${at(config.similarWindowDays, -1)} AND ${at(config.similarWindowDays, 1)}
        ORDER BY occurred_at DESC LIMIT ${config.similarScanLimit}
      ), same_type AS (
        SELECT e.entity, count(*)::int AS n
        FROM lifecycle_events le CROSS JOIN LATERAL unnest(le.entities) AS e(entity)
        WHERE le.scope = ${scope} AND le.event_type = ${eventType} AND le.decision <> 'skip' AND le.entities && ${ents}
          AND le.occurred_at BETWEEN ${at(config.compressionWindowDays, -1)} AND ${at(config.compressionWindowDays, 1)}
          AND e.entity = ANY(${ents})
        GROUP BY e.entity
      ), links AS (
        SELECT memory_id FROM lifecycle_events
        WHERE scope = ${scope} AND memory_id IS NOT NULL AND entities && ${ents}
        ORDER BY occurred_at DESC LIMIT ${config.maxLinks * 4}
      )
      SELECT
        (SELECT json_agg(tokens) FROM near) AS neighbours,
        (SELECT json_object_agg(entity, ref_count) FROM lifecycle_entity_refs WHERE scope = ${scope} AND entity = ANY(${ents})) AS refs,
        (SELECT json_object_agg(entity, n) FROM same_type) AS same_type,
        (SELECT json_agg(memory_id) FROM links) AS links,
        (SELECT row_to_json(w) FROM (SELECT recency, frequency, entity_importance FROM lifecycle_weights ORDER BY id DESC LIMIT 1) w) AS weights
    `.execute(this.db);
    const row = rows[0];
    const w = json(row?.weights ?? null);
    return {
      facts: {
        neighbours: (json(row?.neighbours ?? null) ?? []).map((tokens) => ({ tokens })),
        entityRefs: new Map(Object.entries(json(row?.refs ?? null) ?? {}).map(([k, v]) => [k, Number(v)])),
        sameTypeStored: new Map(Object.entries(json(row?.same_type ?? null) ?? {}).map(([k, v]) => [k, Number(v)])),
        linkTargets: [...new Set(json(row?.links ?? null) ?? [])],
      },
      weights: w ? { recency: w.recency, frequency: w.frequency, entityImportance: w.entity_importance } : null,
    };
  }

  /** Records a judged event and counts its entity references: one atomic statement. */
  async record(d: StorageDecision, outcome: EventOutcome): Promise<string> {
    const id = randomUUID();
    const p = d.processed;
    const signals = JSON.stringify({ ...p.signals, timesSeen: p.timesSeen, entityReferenceCount: p.entityReferenceCount });
    // Sorted, so concurrent writers lock entity rows in the same order (no deadlocks).
    const entities = [...p.entities].sort();
    await sql`
      WITH ev AS (
        INSERT INTO lifecycle_events (id, scope, source, event_type, entities, tokens, occurred_at, decision, relevance, signals, latency_ms, memory_id, gate_status)
        VALUES (${id}, ${p.event.scope}, ${p.event.source}, ${p.eventType}, ${sql.val(p.entities)}::text[], ${sql.val(p.tokens)}::text[], ${p.event.ts},
          ${d.action}, ${d.relevance}, ${signals}::jsonb, ${outcome.latencyMs ?? null}, ${outcome.memoryId ?? null}, ${outcome.gateStatus ?? null})
        RETURNING id
      )
      INSERT INTO lifecycle_entity_refs (scope, entity, ref_count, first_seen, last_seen)
      SELECT ${p.event.scope}, entity, 1, ${p.event.ts}, ${p.event.ts} FROM unnest(${sql.val(entities)}::text[]) AS entity
      ON CONFLICT (scope, entity) DO UPDATE SET
        ref_count = lifecycle_entity_refs.ref_count + 1,
        last_seen = greatest(lifecycle_entity_refs.last_seen, excluded.last_seen)
    `.execute(this.db);
    return id;
  }
}
