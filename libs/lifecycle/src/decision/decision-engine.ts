import { EngineStateRepository, type EventOutcome } from '../state/engine-state.repository.js';
import type { LifecycleDb } from '../state/lifecycle-tables.js';
import { resolveDecisionConfig, type DecisionConfig } from './decision-config.js';
import { decayPolicyOf } from './decay-policy.js';
import { eventTypeOf, MAX_RECENCY_REWIND_DAYS, validateEvent, type ImplicitEvent } from './implicit-event.js';
import { decide, entitiesOf, processEvent, type StorageDecision } from './storage-decision.js';

export interface DecisionEngineDeps {
  /** The shared database (lifecycle tables). */
  db: LifecycleDb;
  config?: DecisionConfig;
  /** The type registry's half-life of a memory type (one source for every reader of decay). */
  halfLifeOf: (type: string) => number;
  clock?: () => Date;
}

/**
 * The seed 003 decision engine: stage 1 (validate, entities, recency, frequency, entity
 * importance) and stage 2 (relevance, threshold, decay policy, compression, graph connections)
 * over state kept in Postgres. It only judges: storing is the caller's gate request, and the
 * caller reports what became of each judged event with {@link DecisionEngine.record}.
 */
export class DecisionEngine {
  readonly config: DecisionConfig;
  private readonly state: EngineStateRepository;
  private readonly clock: () => Date;

  constructor(private readonly deps: DecisionEngineDeps) {
    this.config = deps.config ?? resolveDecisionConfig();
    this.state = new EngineStateRepository(deps.db);
    this.clock = deps.clock ?? (() => new Date());
  }

  /** Judges one event (throws InvalidEventError on a malformed one; nothing is recorded then). */
  async evaluate(event: ImplicitEvent): Promise<StorageDecision> {
    validateEvent(event);
    const entities = entitiesOf(event);
    const decay = decayPolicyOf(event, this.config, this.deps.halfLifeOf);
    const { facts, weights } = await this.state.facts(event.scope, entities, eventTypeOf(event.kind), event.ts, this.config);
    const processed = processEvent(event, entities, facts, this.config, recencyReference(event, this.clock()));
    return decide(processed, weights ?? this.config.weights, decay, facts, this.config);
  }

  /** Records the judged event: its fingerprint, entity references and outcome (memory id, gate status). */
  record(decision: StorageDecision, outcome: EventOutcome = {}): Promise<string> {
    return this.state.record(decision, outcome);
  }
}

/**
 * The time recency is measured up to: the source's own "now" when it gives one (an imported or
 * backfilled conversation), clamped to [clock - MAX_RECENCY_REWIND_DAYS, clock]; else the clock.
 */
export function recencyReference(event: Pick<ImplicitEvent, 'recencyFrom'>, clock: Date): Date {
  if (!event.recencyFrom) return clock;
  const floor = clock.getTime() - MAX_RECENCY_REWIND_DAYS * 86_400_000;
  return new Date(Math.min(clock.getTime(), Math.max(floor, event.recencyFrom.getTime())));
}
