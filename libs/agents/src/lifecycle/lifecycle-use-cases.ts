import { DecisionEngine, LearningRepository, resolveDecisionConfig, type DecisionConfig, type LifecycleDb } from '@engram/lifecycle';
import { createTypeRegistry, type TypeRegistry } from '@engram/memory';
import type { FormationPort } from '../continuity/formation.js';
import type { CallContext } from '../scope-context.js';
import type { LifecycleUseCases } from '../use-cases.js';
import type { StoreInput, StoreResult } from '../write.use-cases.js';
import { formThroughDecisionEngine } from './engine-formation.js';
import { createFeedbackUseCase } from './feedback.use-case.js';
import { createImplicitFormation } from './implicit-formation.js';

/** How the memory service composes the lifecycle (all optional). */
export interface LifecycleOptions {
  /** Resolved decision engine config (default: the seed 003 values). */
  config?: DecisionConfig;
  /** Where half-lives come from; must be the gate's registry (default: the built-in types). */
  registry?: TypeRegistry;
  /** Outcome feedback's store; must be the one retrieval and the sweeps read usefulness from (default: a new one over the database). */
  learning?: LearningRepository;
  /** Skipped events and dropped links are reported here. */
  log?: (message: string) => void;
  clock?: () => Date;
}

/** The lifecycle as the memory service composes it. */
export interface LifecycleComposition {
  /** Where work continuity's implicit memories go: the decision engine, then the gate. */
  formation: FormationPort;
  /** What the memory service exposes. */
  api: LifecycleUseCases;
}

/** The decision engine, implicit formation, the work-continuity formation port and feedback, over one database. */
export function createLifecycleUseCases(
  db: LifecycleDb, store: (input: StoreInput, ctx: CallContext) => Promise<StoreResult>,
  visible: (id: string, ctx: CallContext) => Promise<unknown>, opts: LifecycleOptions = {},
): LifecycleComposition {
  const config = opts.config ?? resolveDecisionConfig();
  const registry = opts.registry ?? createTypeRegistry();
  const engine = new DecisionEngine({
    db, config,
    halfLifeOf: (type) => registry.halfLifeDays(type),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  const implicit = createImplicitFormation({ engine, store, ...(opts.log ? { log: opts.log } : {}) });
  return {
    formation: formThroughDecisionEngine(implicit),
    api: {
      /** An implicit event (hook, PRD, telemetry) through the decision engine, then the gate. */
      formImplicit: implicit.formImplicit,
      /** Outcome feedback on retrieved memories (seed 003 stage 3). */
      feedback: createFeedbackUseCase(opts.learning ?? new LearningRepository(db, config), visible),
      decisionEngine: engine,
    },
  };
}
