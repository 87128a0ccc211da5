import type { Kysely } from 'kysely';
import type { TypeRegistry } from '@engram/memory';
import type { AdmitDeps } from './admit.js';
import type { Committer } from './commit/committer.js';
import type { GateDatabase } from './database-schema.js';
import type { GateLimits } from './hard-constraints.js';
import type { ImportPresence } from './import-presence.js';
import type { GatePolicy } from './policy.js';
import type { RateLimiter } from './rate-limiter.js';
import type { WordRarity } from './word-rarity.js';

/** Everything the gate's operations share: each stage reads its part (AdmitDeps, JudgeDeps, the committer). */
export interface GateContext extends AdmitDeps {
  db: Kysely<GateDatabase>;
  registry: TypeRegistry;
  policy: GatePolicy;
  limits: GateLimits;
  clock: () => Date;
  rateLimiter: RateLimiter;
  rarity: WordRarity;
  /** Stage 3: the batched committer over the transactional one (one per gate, so per process). */
  committer: Committer;
  /** Layer 1 refusals per code since the gate was created (they write no row; metrics read this). */
  rejections: Map<string, number>;
  /** Stored versions of imported records, read together for the imports in flight (re-import check and Layer 2). */
  presence: ImportPresence;
}
