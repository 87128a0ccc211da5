/*
 * The ONLY file of this app that imports @engram/infra and @engram/runtime (ADR-0002, ADR-0007,
 * ADR-0024): it loads the layered config, composes the memory runtime and binds the libs' operator
 * read queries to its database.
 */
import { listTocProjects, type ConversationDatabase } from '@engram/conversation';
import type { EngramConfig } from '@engram/infra';
import { gateThroughput, searchGateAudit, type GateDatabase } from '@engram/librarian';
import { countMemoriesByTypeAndStatus, countMemoriesCreatedPerDay, readEdgeNeighbourhood, type MemoryDatabase } from '@engram/memory';
import { composeRuntime, loadServerConfig } from '@engram/runtime';
import type { Kysely } from 'kysely';
import type { InspectorDeps } from './inspector-deps.js';
import type { InspectorOptions } from './inspector-options.js';

const log = (msg: string) => process.stderr.write(`${new Date().toISOString()} engram-ui ${msg}\n`);

/** The layered config (defaults < file < env < flags); throws ConfigError naming a bad value. */
export function loadInspectorConfig(options: InspectorOptions): EngramConfig {
  return loadServerConfig(options.configFlags);
}

/** Opens the database (migrated), the model if present and the gate; the pages' dependencies. */
export async function composeInspector(config: EngramConfig): Promise<InspectorDeps> {
  const composed = await composeRuntime(config, { log });
  const db = composed.db;
  return {
    service: composed.service,
    health: () => composed.health.report(),
    stats: () => composed.lifecycle.stats(),
    neighbourhood: (id) => readEdgeNeighbourhood(db as Kysely<MemoryDatabase>, id),
    audit: (filter) => searchGateAudit(db as Kysely<GateDatabase>, filter),
    throughput: (days) => gateThroughput(db as Kysely<GateDatabase>, days),
    memoryCounts: () => countMemoriesByTypeAndStatus(db as Kysely<MemoryDatabase>),
    createdPerDay: (days) => countMemoriesCreatedPerDay(db as Kysely<MemoryDatabase>, days),
    conversationProjects: () => listTocProjects(db as Kysely<ConversationDatabase>),
    runtime: composed.runtime,
  };
}
