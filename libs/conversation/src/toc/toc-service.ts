import type { EmbeddingProvider } from '@engram/infra';
import type { ConversationEvent } from '../log/event-model.js';
import { embedPendingEvents, hasUnembeddedEvents, type EventEmbedReport } from '../search/event-vectors.js';
import type { Summariser } from '../summariser/summariser.js';
import { loadMemoryContext, type MemoryContext } from './memory-context.js';
import { compactToc, hasBuildWork, pendingOutbox, tocStatus, type TocStatus } from './toc-admin.js';
import { createTocBuilder, type BuildReport, type RunReport } from './toc-builder.js';
import type { TocConfig } from './toc-config.js';
import { createTocQueries, type TocQueries } from './toc-queries.js';
import { createTocSearch, type TocSearchQuery, type TocSearchResult } from './toc-search.js';
import type { ConversationDb } from '../conversation-database.js';

/** What {@link createTocService} composes; the app's composition root (or runtime) builds these. */
export interface TocServiceDeps {
  db: ConversationDb;
  summariser: Summariser;
  config: TocConfig;
  /** Loaded model, or null: nodes are then keyword-searchable only. */
  embedder: Pick<EmbeddingProvider, 'embedPassages' | 'embedQuery'> | null;
  log?: (message: string) => void;
  /** Listener for events taken off the outbox (implicit memory formation); see TocBuilderDeps. */
  onNewEvents?: (events: ConversationEvent[]) => Promise<void>;
}

/**
 * The TOC over one database: navigation (the {@link TocQueries}), search, the memory context,
 * building and administration. Every per-project call names its project; nothing here checks
 * who may see it (the agents' TOC use cases confine a caller to its project scope).
 */
export interface TocService extends TocQueries {
  /** Nodes, grips and raw events of one project ranked together (TELE-01/02/04). */
  search(project: string, query: TocSearchQuery): Promise<TocSearchResult>;
  /** "What were we doing?" (SKILL-01): the latest period summaries and recent segments within `maxTokens`. */
  memoryContext(project: string, opts: { maxTokens: number; segments?: number }): Promise<MemoryContext>;
  /** One build step: up to `batch` outbox rows (default 500) into dirty days, then the pending plans. */
  processOutbox(batch?: number): Promise<BuildReport>;
  /** Runs one project's pending plan to its end. */
  runPending(project: string): Promise<RunReport>;
  /** Rewrites every day of the project with events as new versions (`engram toc rebuild`). */
  rebuild(project: string): Promise<RunReport & { days: number }>;
  /** What `engram toc status` shows (CLI-03). */
  status(project: string): Promise<TocStatus>;
  /** Unconsumed outbox rows across projects: the builder's backlog. */
  pendingOutbox(): Promise<number>;
  /** Cheap probe the servers' sweep uses before queueing a build job. */
  hasBuildWork(): Promise<boolean>;
  /** One pass of the event-embedding job: vectors for up to `limit` events (nothing without a model). */
  embedPendingEvents(limit: number): Promise<EventEmbedReport>;
  /** Drops node versions no longer current and older than `olderThanDays` (CLI-03); current versions, grips and events stay. */
  compact(project: string, opts: { olderThanDays: number }): Promise<{ deleted: number }>;
}

/** Composes the TOC's builder, queries and search over one database; see {@link TocService}. */
export function createTocService(deps: TocServiceDeps): TocService {
  const builder = createTocBuilder(deps);
  const queries = createTocQueries(deps.db);
  const search = createTocSearch(deps.db, deps.embedder);
  return {
    ...queries,
    search: search.search,
    memoryContext: (project, opts) => loadMemoryContext(deps.db, project, opts),
    processOutbox: builder.processOutbox,
    runPending: builder.runPending,
    rebuild: builder.rebuild,
    status: (project) => tocStatus(deps.db, project),
    pendingOutbox: () => pendingOutbox(deps.db),
    hasBuildWork: async () => (await hasBuildWork(deps.db)) || (deps.embedder !== null && (await hasUnembeddedEvents(deps.db))),
    embedPendingEvents: (limit) =>
      (deps.embedder ? embedPendingEvents(deps.db, deps.embedder, limit) : Promise.resolve({ embedded: 0, more: false })),
    compact: (project, opts) => compactToc(deps.db, project, opts),
  };
}
