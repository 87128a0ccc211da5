import type { EmbeddingProvider } from '@engram/infra';
import type { ConversationEvent } from '../log/event-model.js';
import { embedPendingEvents, hasUnembeddedEvents, type EventEmbedReport } from '../search/event-vectors.js';
import type { Summariser } from '../summariser/summariser.js';
import { loadMemoryContext } from './memory-context.js';
import { compactToc, hasBuildWork, pendingOutbox, tocStatus } from './toc-admin.js';
import { createTocBuilder } from './toc-builder.js';
import type { TocConfig } from './toc-config.js';
import { createTocQueries } from './toc-queries.js';
import { createTocSearch } from './toc-search.js';
import type { TocDb } from './toc-tables.js';

/** What {@link createTocService} composes; the app's composition root (or runtime) builds these. */
export interface TocServiceDeps {
  db: TocDb;
  summariser: Summariser;
  config: TocConfig;
  /** Loaded model, or null: nodes are then keyword-searchable only. */
  embedder: Pick<EmbeddingProvider, 'embedPassages' | 'embedQuery'> | null;
  log?: (message: string) => void;
  /** Listener for events taken off the outbox (implicit memory formation); see TocBuilderDeps. */
  onNewEvents?: (events: ConversationEvent[]) => Promise<void>;
}

/** The TOC over one database: building, navigation, search, the memory context and administration. Every call names its project. */
export function createTocService(deps: TocServiceDeps) {
  const builder = createTocBuilder(deps);
  const queries = createTocQueries(deps.db);
  const search = createTocSearch(deps.db, deps.embedder);
  return {
    ...queries,
    search: search.search,
    memoryContext: (project: string, opts: { maxTokens: number; segments?: number }) => loadMemoryContext(deps.db, project, opts),
    processOutbox: builder.processOutbox,
    runPending: builder.runPending,
    rebuild: builder.rebuild,
    status: (project: string) => tocStatus(deps.db, project),
    /** Unconsumed outbox rows across projects: the builder's backlog. */
    pendingOutbox: () => pendingOutbox(deps.db),
    /** Cheap probe the servers' sweep uses before queueing a build job. */
    hasBuildWork: async () => (await hasBuildWork(deps.db)) || (deps.embedder !== null && (await hasUnembeddedEvents(deps.db))),
    /** One pass of the event-embedding job: vectors for up to `limit` events (nothing without a model). */
    embedPendingEvents: (limit: number): Promise<EventEmbedReport> =>
      (deps.embedder ? embedPendingEvents(deps.db, deps.embedder, limit) : Promise.resolve({ embedded: 0, more: false })),
    compact: (project: string, opts: { olderThanDays: number }) => compactToc(deps.db, project, opts),
  };
}

export type TocService = ReturnType<typeof createTocService>;
