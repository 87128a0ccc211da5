import { sql } from 'kysely';
import { GripNotFoundError, InvalidTocQueryError, TocNodeNotFoundError } from '../errors.js';
import { createEventLog, type EventLog, type EventPage } from '../log/event-log.repository.js';
import type { ConversationEvent } from '../log/event-model.js';
import { levelOf, type TocLevel } from './time-buckets.js';
import type { Grip, TocNode } from './toc-node.js';
import { NODE_COLUMNS, toGrip, toNode } from './toc-store.js';
import type { ConversationDb } from '../conversation-database.js';

/** A child as a listing shows it: enough to choose where to go next. */
export interface TocChild {
  nodeId: string;
  level: TocLevel;
  title: string;
  start: Date;
  end: Date;
  eventCount: number;
  version: number;
}

export interface TocPage {
  children: TocChild[];
  nextCursor: string | null;
}

export const MAX_PAGE = 200;

const checkPage = (limit: number) => {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw new InvalidTocQueryError(`limit must be an integer in 1..${MAX_PAGE}`);
  return limit;
};

const checkNodeId = (nodeId: string) => {
  try {
    return levelOf(nodeId);
  } catch {
    throw new InvalidTocQueryError(`not a TOC node id: ${nodeId} (expected year:YYYY, month:YYYY-MM, week:YYYY-MM-Www, day:YYYY-MM-DD or segment:...)`);
  }
};

function encodeCursor(c: TocChild): string {
  return Buffer.from(JSON.stringify([c.start.toISOString(), c.nodeId])).toString('base64url');
}

function decodeCursor(cursor: string): { start: Date; nodeId: string } {
  try {
    const [start, nodeId] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const d = new Date(start);
    if (typeof nodeId !== 'string' || Number.isNaN(d.getTime())) throw new Error('bad');
    return { start: d, nodeId };
  } catch {
    throw new InvalidTocQueryError('invalid TOC cursor (pass next_cursor from the previous page unchanged)');
  }
}

/** An expanded grip: the events, and which of them open another session than the event before them. */
export interface ExpandedGrip { grip: Grip; events: ConversationEvent[]; sessionStarts: string[] }

/**
 * Ids of the events that begin a different session than the one before them: context taken
 * "around" a grip may reach into another conversation, days apart, and must say so (issue 21).
 */
export function sessionStarts(events: readonly ConversationEvent[]): string[] {
  return events.filter((e, i) => i > 0 && e.sessionId !== events[i - 1]?.sessionId).map((e) => e.eventId);
}

async function expandGrip(db: ConversationDb, eventLog: EventLog, project: string, gripId: string, opts: { before: number; after: number }): Promise<ExpandedGrip> {
  const r = await gripContext(db, eventLog, project, gripId, opts);
  return { ...r, sessionStarts: sessionStarts(r.events) };
}

/** The grip and the events around it: `before` events before its start, its range, `after` events after its end (QRY-05). */
async function gripContext(db: ConversationDb, eventLog: EventLog, project: string, gripId: string, opts: { before: number; after: number }): Promise<{ grip: Grip; events: ConversationEvent[] }> {
  const row = await db.selectFrom('toc_grips').selectAll().where('project', '=', project).where('grip_id', '=', gripId).executeTakeFirst();
  if (!row) throw new GripNotFoundError(gripId);
  const grip = toGrip(row);
  const head = await eventLog.around(grip.eventIdStart, { before: opts.before, after: 0 });
  if (grip.eventIdEnd === grip.eventIdStart) {
    const tail = await eventLog.around(grip.eventIdStart, { before: 0, after: opts.after });
    return { grip, events: [...head, ...tail.slice(1)] };
  }
  const last = await eventLog.around(grip.eventIdEnd, { before: 0, after: opts.after });
  const start = head[head.length - 1] as ConversationEvent;
  const end = last[0] as ConversationEvent;
  const mid = await eventLog.range({ project, from: start.ts, to: new Date(end.ts.getTime() + 1), limit: 1000 });
  const inner = mid.events.filter((e) => (e.ts > start.ts || (e.ts.getTime() === start.ts.getTime() && e.seq > start.seq))
    && (e.ts < end.ts || (e.ts.getTime() === end.ts.getTime() && e.seq < end.seq)));
  return { grip, events: [...head, ...inner, ...last] };
}

/** A node as {@link TocQueries.node} answers it. */
export interface TocNodeView {
  node: TocNode;
  /** The first page of its children (none for a segment). */
  children: TocPage;
  /** The grips its bullets cite, in time order. */
  grips: Grip[];
}

/** Raw events of a time range (`from` inclusive, `to` exclusive) or of one node's bounds; not both. */
export interface TocEventsQuery { from?: Date; to?: Date; nodeId?: string; limit: number; cursor?: string }

/**
 * The read side of the TOC (seed 002 QRY-01..05), always inside one project: every statement
 * filters on the project, so ids of another project's nodes or grips are simply not found.
 */
export interface TocQueries {
  /** The top of the tree: the years (QRY-01). */
  root(project: string): Promise<TocPage>;
  /** A node's latest version (or a given one), its first children and the grips its bullets cite (QRY-02). */
  node(project: string, nodeId: string, opts?: { version?: number; childLimit?: number }): Promise<TocNodeView>;
  /** Children of a node (or the years, for `null`), keyset-paginated in time order (QRY-03). */
  browse(project: string, parentId: string | null, opts: { limit: number; cursor?: string }): Promise<TocPage>;
  /** A grip with `before`/`after` events around its range, and where another session starts (QRY-05). */
  expandGrip(project: string, gripId: string, opts: { before: number; after: number }): Promise<ExpandedGrip>;
  /** Raw events (QRY-04); a node's bounds include its last event (a node's `end` is that event's time). */
  events(project: string, q: TocEventsQuery): Promise<EventPage>;
}

/** The TOC's reads over one handle; see {@link TocQueries}. */
export function createTocQueries(db: ConversationDb): TocQueries {
  const eventLog = createEventLog(db);

  /** Children of a node (or the years, for the root), keyset-paginated in time order (QRY-03). */
  async function browse(project: string, parentId: string | null, opts: { limit: number; cursor?: string }): Promise<TocPage> {
    if (parentId !== null) checkNodeId(parentId);
    const limit = checkPage(opts.limit);
    const after = opts.cursor ? decodeCursor(opts.cursor) : undefined;
    const rows = await db.selectFrom('toc_latest')
      .innerJoin('toc_nodes', (j) => j.onRef('toc_nodes.project', '=', 'toc_latest.project')
        .onRef('toc_nodes.node_id', '=', 'toc_latest.node_id').onRef('toc_nodes.version', '=', 'toc_latest.version'))
      .select(['toc_latest.node_id', 'toc_latest.level', 'toc_nodes.title', 'toc_latest.start_ts', 'toc_latest.end_ts', 'toc_nodes.event_count', 'toc_latest.version'])
      .where('toc_latest.project', '=', project)
      .where((eb) => (parentId === null ? eb('toc_latest.parent_id', 'is', null) : eb('toc_latest.parent_id', '=', parentId)))
      .$if(after !== undefined, (b) => b.where(sql<boolean>`(toc_latest.start_ts, toc_latest.node_id) > (${after!.start.toISOString()}::timestamptz, ${after!.nodeId})`))
      .orderBy('toc_latest.start_ts').orderBy('toc_latest.node_id')
      .limit(limit + 1)
      .execute();
    const children = rows.slice(0, limit).map((r) => ({
      nodeId: r.node_id, level: r.level as TocLevel, title: r.title, start: new Date(r.start_ts), end: new Date(r.end_ts), eventCount: r.event_count, version: r.version,
    }));
    const last = children.at(-1);
    return { children, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }

  /** A node's latest version (or a given one), its children (first page) and the grips its bullets cite (QRY-02). */
  async function node(project: string, nodeId: string, opts: { version?: number; childLimit?: number } = {}): Promise<TocNodeView> {
    checkNodeId(nodeId);
    const row = await db.selectFrom('toc_nodes').select(NODE_COLUMNS)
      .where('toc_nodes.project', '=', project).where('toc_nodes.node_id', '=', nodeId)
      .$if(opts.version === undefined, (b) => b.where('toc_nodes.version', '=', (eb) => eb.selectFrom('toc_latest').select('toc_latest.version')
        .where('toc_latest.project', '=', project).where('toc_latest.node_id', '=', nodeId)))
      .$if(opts.version !== undefined, (b) => b.where('toc_nodes.version', '=', opts.version as number))
      .executeTakeFirst();
    if (!row) throw new TocNodeNotFoundError(nodeId);
    const n = toNode(row);
    const gripIds = [...new Set(n.bullets.flatMap((b) => b.gripIds))];
    const grips = gripIds.length
      ? (await db.selectFrom('toc_grips').selectAll().where('project', '=', project).where('grip_id', 'in', gripIds).orderBy('ts').orderBy('grip_id').execute()).map(toGrip)
      : [];
    const children = n.level === 'segment' ? { children: [], nextCursor: null } : await browse(project, nodeId, { limit: opts.childLimit ?? 50 });
    return { node: n, children, grips };
  }

  /** The top of the tree: the years (QRY-01). */
  const root = (project: string) => browse(project, null, { limit: MAX_PAGE });

  const expand = (project: string, gripId: string, opts: { before: number; after: number }) => expandGrip(db, eventLog, project, gripId, opts);

  /**
   * Raw events of a time range (QRY-04), `to` exclusive; or of a node's own bounds (`nodeId`), which
   * include its last event (a node's `end` is the time of its last event).
   */
  const events = async (project: string, q: TocEventsQuery): Promise<EventPage> => {
    const { nodeId, ...range } = q;
    if (nodeId !== undefined) {
      if (q.from || q.to) throw new InvalidTocQueryError('pass either node_id or from/to, not both');
      const { node: n } = await node(project, nodeId, { childLimit: 1 });
      return eventLog.range({ project, ...range, from: n.start, to: new Date(n.end.getTime() + 1) });
    }
    if (q.from && q.to && q.from >= q.to) throw new InvalidTocQueryError('from must be before to');
    return eventLog.range({ project, ...range });
  };

  return { root, node, browse, expandGrip: expand, events };
}
