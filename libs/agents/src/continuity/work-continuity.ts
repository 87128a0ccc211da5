import type { SearchPort } from '../ports.js';
import type { CallContext } from '../scope-context.js';
import type { ContinuityUseCases } from '../use-cases.js';
import type { StoreInput, StoreResult } from '../write.use-cases.js';
import { ChainUseCases } from './chain.use-cases.js';
import { PrdContextCache } from './context-cache.js';
import type { ContinuityDb } from './continuity-tables.js';
import { formStraightToGate, type FormationPort } from './formation.js';
import { PrdUseCases } from './prd.use-cases.js';

export interface WorkContinuityDeps {
  db: ContinuityDb;
  search: SearchPort;
  /** The gate-backed store every formed memory goes through. */
  store: (input: StoreInput, ctx: CallContext) => Promise<StoreResult>;
  /** Where implicit memories go; defaults to straight to the gate (no decision engine yet). */
  formation?: FormationPort;
  /** Hot PRD contexts kept in process (seed 004: LRU at 100). */
  prdCacheSize?: number;
  clock?: () => Date;
}

export const DEFAULT_PRD_CACHE_SIZE = 100;

/** PRD execution tracking and thinking chains (SPEC 8), composed over one database. */
export function createWorkContinuity(deps: WorkContinuityDeps): ContinuityUseCases {
  const formation = deps.formation ?? formStraightToGate(deps.store);
  const clock = deps.clock ?? (() => new Date());
  const prd = new PrdUseCases({ db: deps.db, formation, cache: new PrdContextCache(deps.prdCacheSize ?? DEFAULT_PRD_CACHE_SIZE), clock });
  const chains = new ChainUseCases({ db: deps.db, formation, search: deps.search, clock, prdExists: (id, ctx) => prd.get(id, ctx) });
  return { prd, chains };
}
