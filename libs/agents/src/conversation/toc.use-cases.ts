import type { TimeWindow, TocSearchMode, TocService } from '@engram/conversation';
import { InvalidInputError } from '../errors.js';
import { resolveWriteScope, type CallContext } from '../scope-context.js';

/** Outbox rows per build step of `engram toc build`. */
const BUILD_BATCH = 500;

/**
 * The conversation TOC use cases (SPEC 6, seed 002 QRY-01..05, TELE-04, SKILL-01, CLI-03), each
 * confined to ONE project scope: the request's, else the session's. A TOC belongs to a project's
 * conversation, so `global` (no project) is refused with a hint rather than answered empty.
 */
export function createTocUseCases(toc: TocService | undefined): TocUseCases {
  const service = (): TocService => {
    if (!toc) throw new InvalidInputError('conversation memory (the TOC) is not available in this process');
    return toc;
  };
  const project = (requested: string | undefined, ctx: CallContext): string => {
    const scope = resolveWriteScope(requested, ctx);
    if (scope === 'global') throw new InvalidInputError('the conversation TOC is per project: pass scope project:<id> (or start the session in a project)');
    return scope;
  };
  return {
    root: (ctx: CallContext, scope?: string) => service().root(project(scope, ctx)),
    node: (nodeId: string, ctx: CallContext, opts: { scope?: string; version?: number; childLimit?: number } = {}) =>
      service().node(project(opts.scope, ctx), nodeId, { ...(opts.version !== undefined ? { version: opts.version } : {}), ...(opts.childLimit !== undefined ? { childLimit: opts.childLimit } : {}) }),
    browse: (parentId: string | null, ctx: CallContext, opts: { scope?: string; limit: number; cursor?: string }) =>
      service().browse(project(opts.scope, ctx), parentId, { limit: opts.limit, ...(opts.cursor ? { cursor: opts.cursor } : {}) }),
    events: (ctx: CallContext, q: { scope?: string; from?: Date; to?: Date; nodeId?: string; limit: number; cursor?: string }) => {
      const { scope, ...range } = q;
      return service().events(project(scope, ctx), range);
    },
    expandGrip: (gripId: string, ctx: CallContext, opts: { scope?: string; before: number; after: number }) =>
      service().expandGrip(project(opts.scope, ctx), gripId, { before: opts.before, after: opts.after }),
    search: (text: string, ctx: CallContext, opts: { scope?: string; limit: number; mode?: TocSearchMode; window?: TimeWindow }) =>
      service().search(project(opts.scope, ctx), { text, limit: opts.limit, ...(opts.mode ? { mode: opts.mode } : {}), ...(opts.window ? { window: opts.window } : {}) }),
    memoryContext: (ctx: CallContext, opts: { scope?: string; maxTokens: number }) => service().memoryContext(project(opts.scope, ctx), { maxTokens: opts.maxTokens }),
    // Operator commands (engram toc status|rebuild|compact).
    status: (ctx: CallContext, scope?: string) => service().status(project(scope, ctx)),
    rebuild: (ctx: CallContext, scope?: string) => service().rebuild(project(scope, ctx)),
    compact: (ctx: CallContext, opts: { scope?: string; olderThanDays: number }) => service().compact(project(opts.scope, ctx), { olderThanDays: opts.olderThanDays }),
    /** Catch up with the whole outbox now (the CLI has no worker; the servers run the build-toc job). */
    async build() {
      const total: TocBuildTotal = { outboxClaimed: 0, projects: [], unitsDone: 0, nodesWritten: 0 };
      for (;;) {
        const r = await service().processOutbox(BUILD_BATCH);
        total.outboxClaimed += r.outboxClaimed;
        total.unitsDone += r.unitsDone;
        total.nodesWritten += r.nodesWritten;
        total.projects = [...new Set([...total.projects, ...r.projects])].sort();
        if (r.outboxClaimed < BUILD_BATCH) return total;
      }
    },
  };
}

type Answer<K extends keyof TocService> = ReturnType<TocService[K]>;

/** What `engram toc build` reports after catching up with the whole outbox. */
export interface TocBuildTotal {
  outboxClaimed: number;
  projects: string[];
  unitsDone: number;
  nodesWritten: number;
}

/** The conversation TOC of one project scope (the request's, else the session's); answers are the TOC service's. */
export interface TocUseCases {
  root(ctx: CallContext, scope?: string): Answer<'root'>;
  node(nodeId: string, ctx: CallContext, opts?: { scope?: string; version?: number; childLimit?: number }): Answer<'node'>;
  browse(parentId: string | null, ctx: CallContext, opts: { scope?: string; limit: number; cursor?: string }): Answer<'browse'>;
  events(ctx: CallContext, q: { scope?: string; from?: Date; to?: Date; nodeId?: string; limit: number; cursor?: string }): Answer<'events'>;
  expandGrip(gripId: string, ctx: CallContext, opts: { scope?: string; before: number; after: number }): Answer<'expandGrip'>;
  search(text: string, ctx: CallContext, opts: { scope?: string; limit: number; mode?: TocSearchMode; window?: TimeWindow }): Answer<'search'>;
  memoryContext(ctx: CallContext, opts: { scope?: string; maxTokens: number }): Answer<'memoryContext'>;
  status(ctx: CallContext, scope?: string): Answer<'status'>;
  rebuild(ctx: CallContext, scope?: string): Answer<'rebuild'>;
  compact(ctx: CallContext, opts: { scope?: string; olderThanDays: number }): Answer<'compact'>;
  /** Catch up with the whole outbox now (the CLI has no worker; the servers run the build-toc job). */
  build(): Promise<TocBuildTotal>;
}
