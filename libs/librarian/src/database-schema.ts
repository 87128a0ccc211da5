import type { MemoryDatabase } from '@engram/memory';
import type { PartialDB as GateAudit } from './tables/gate-audit.table.js';
import type { PartialDB as GateRequests } from './tables/gate-requests.table.js';

/** The gate's tables plus the memory tables it commits into. */
export type GateDatabase = MemoryDatabase & GateRequests & GateAudit;
