import { sql } from 'kysely';
import type { DecisionConfig, RelevanceWeights } from '../decision/decision-config.js';
import type { RelevanceSignals } from '../decision/scoring.js';
import type { LifecycleDb } from '../state/lifecycle-tables.js';
import { updateUsefulness, updateWeights, type Outcome } from './learning-rules.js';
import { redactSensitive } from '@engram/memory';

/** One feedback to learn from. */
export interface FeedbackEntry {
  memoryId: string;
  outcome: Outcome;
  query?: string | null;
  actor: string;
}

/** What one feedback changed. */
export interface FeedbackEffect {
  memoryId: string;
  usefulness: number;
  weights: RelevanceWeights;
  weightsChanged: boolean;
}

/**
 * Stage 3 state: the outcome log, per-memory usefulness factors and the weight history. Each
 * feedback is applied in its own transaction with the current weights row locked, so concurrent
 * feedback from several processes composes instead of overwriting (ADR-0014).
 */
export class LearningRepository {
  /**
   * Where {@link usefulness} reads its factors, for a reader that joins them into its own statement
   * (retrieval's state read, ADR-0042) instead of asking for them in a round trip of their own.
   */
  static readonly FACTOR_TABLE = Object.freeze({ table: 'lifecycle_usefulness', memoryId: 'memory_id', factor: 'factor' });

  constructor(private readonly db: LifecycleDb, private readonly config: DecisionConfig) {}

  /** The current α, β, γ: the newest history row, or the configured start. */
  async currentWeights(): Promise<RelevanceWeights> {
    const row = await this.db.selectFrom('lifecycle_weights').select(['recency', 'frequency', 'entity_importance'])
      .orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row ? { recency: row.recency, frequency: row.frequency, entityImportance: row.entity_importance } : this.config.weights;
  }

  /** Half-life factors of these memories (1 when no feedback was given). */
  async usefulness(memoryIds: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (memoryIds.length === 0) return out;
    const rows = await this.db.selectFrom('lifecycle_usefulness').select(['memory_id', 'factor']).where('memory_id', 'in', [...new Set(memoryIds)]).execute();
    for (const r of rows) out.set(r.memory_id, r.factor);
    return out;
  }

  /** Logs the outcome and, when learning is on, updates the memory's factor and the weights. */
  async apply(entry: FeedbackEntry): Promise<FeedbackEffect> {
    const l = this.config.learning;
    return this.db.transaction().execute(async (trx) => {
      await trx.insertInto('lifecycle_feedback').values({ memory_id: entry.memoryId, outcome: entry.outcome, query: entry.query === undefined ? null : redactSensitive(entry.query), actor: entry.actor }).execute();
      const current = await trx.selectFrom('lifecycle_usefulness').select('factor').where('memory_id', '=', entry.memoryId).forUpdate().executeTakeFirst();
      const factor = l.enabled ? updateUsefulness(current?.factor ?? 1, entry.outcome, l) : (current?.factor ?? 1);
      const col = entry.outcome === 'success' ? 'successes' : 'failures';
      await trx.insertInto('lifecycle_usefulness').values({ memory_id: entry.memoryId, factor, [col]: 1, updated_at: new Date() })
        .onConflict((oc) => oc.column('memory_id').doUpdateSet({ factor, [col]: sql`lifecycle_usefulness.${sql.ref(col)} + 1`, updated_at: new Date() }))
        .execute();
      // One weight update at a time: a row lock would need UPDATE on the history, which the service
      // login no longer holds (issue 17), and it would not stop a second writer reading the row the
      // first is about to supersede. The lock is taken before the read, so the read sees the newest.
      await sql`SELECT pg_advisory_xact_lock(hashtext('engram.lifecycle_weights'))`.execute(trx);
      const weightsRow = await trx.selectFrom('lifecycle_weights').select(['recency', 'frequency', 'entity_importance']).orderBy('id', 'desc').limit(1).executeTakeFirst();
      const weights = weightsRow ? { recency: weightsRow.recency, frequency: weightsRow.frequency, entityImportance: weightsRow.entity_importance } : this.config.weights;
      const signals = l.enabled ? await this.signalsOf(trx, entry.memoryId) : null;
      if (!signals) return { memoryId: entry.memoryId, usefulness: factor, weights, weightsChanged: false };
      const next = updateWeights(weights, signals, entry.outcome, l);
      await sql`SELECT engram_record_weights(${next.recency}, ${next.frequency}, ${next.entityImportance}, ${`${entry.outcome} on ${entry.memoryId}`})`.execute(trx);
      return { memoryId: entry.memoryId, usefulness: factor, weights: next, weightsChanged: true };
    });
  }

  /** The stage-1 signals of the event a memory was formed from (none for explicit memories). */
  private async signalsOf(db: LifecycleDb, memoryId: string): Promise<RelevanceSignals | null> {
    const row = await db.selectFrom('lifecycle_events').select('signals').where('memory_id', '=', memoryId).orderBy('occurred_at', 'desc').limit(1).executeTakeFirst();
    if (!row) return null;
    const s = row.signals;
    return { recency: s['recency'] ?? 0, frequency: s['frequency'] ?? 0, entityImportance: s['entityImportance'] ?? 0 };
  }
}
