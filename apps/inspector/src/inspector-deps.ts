import type { LifecycleStats, MemoryService } from '@engram/agents';
import type { TocProject } from '@engram/conversation';
import type { GateAuditEntry, GateAuditFilter, GateThroughputDay } from '@engram/librarian';
import type { DailyTypeCount, EdgeNeighbourhood, Page, TypeStatusCount } from '@engram/memory';
import type { HealthReport, Runtime } from '@engram/runtime';

/**
 * Everything the inspector's pages read or do, built by the composition root: the memory service's
 * use cases (reads, the retrieval pipeline, gate review) plus the operator read queries of the libs
 * (graph neighbourhood, audit log, gate throughput), already bound to the database.
 */
export interface InspectorDeps {
  service: MemoryService;
  health(): Promise<HealthReport>;
  stats(): Promise<LifecycleStats>;
  neighbourhood(id: string): Promise<EdgeNeighbourhood>;
  audit(filter: GateAuditFilter): Promise<Page<GateAuditEntry>>;
  throughput(days: number): Promise<GateThroughputDay[]>;
  memoryCounts(): Promise<TypeStatusCount[]>;
  createdPerDay(days: number): Promise<DailyTypeCount[]>;
  /** Projects with a conversation TOC, most recently active first. */
  conversationProjects(): Promise<TocProject[]>;
  runtime: Runtime;
}
