import { sql, type Selectable } from 'kysely';
import type { Grip, TocBullet, TocNode, TocNodeDraft } from './toc-node.js';
import type { TocGripsTable, TocNodesTable } from './toc-tables.js';
import type { ConversationDb } from '../conversation-database.js';
import type { TocLevel } from './time-buckets.js';
import { redactSensitive } from '@engram/memory';

/*
 * Storage of node versions, the latest pointers and grips. Node versions and grips are only ever
 * inserted (TOC-06); the pointer moves to the new version in the same transaction.
 */

/** Columns of a node version, without the search vectors. */
export const NODE_COLUMNS = [
  'toc_nodes.project', 'toc_nodes.node_id', 'toc_nodes.version', 'toc_nodes.level', 'toc_nodes.parent_id', 'toc_nodes.start_ts',
  'toc_nodes.end_ts', 'toc_nodes.title', 'toc_nodes.bullets', 'toc_nodes.keywords', 'toc_nodes.child_ids', 'toc_nodes.event_count',
  'toc_nodes.token_count', 'toc_nodes.summariser', 'toc_nodes.source_hash', 'toc_nodes.created_at',
] as const;

type NodeRow = Pick<Selectable<TocNodesTable>, 'project' | 'node_id' | 'version' | 'level' | 'parent_id' | 'start_ts' | 'end_ts' | 'title'
  | 'bullets' | 'keywords' | 'child_ids' | 'event_count' | 'token_count' | 'summariser' | 'source_hash' | 'created_at'>;

export function toNode(r: NodeRow): TocNode {
  return {
    project: r.project, nodeId: r.node_id, version: r.version, level: r.level as TocLevel, parentId: r.parent_id,
    start: new Date(r.start_ts), end: new Date(r.end_ts), title: r.title,
    bullets: (typeof r.bullets === 'string' ? JSON.parse(r.bullets) : r.bullets) as TocBullet[],
    keywords: r.keywords, childIds: r.child_ids, eventCount: r.event_count, tokenCount: r.token_count,
    summariser: r.summariser, sourceHash: r.source_hash, createdAt: new Date(r.created_at),
  };
}

export function toGrip(r: Pick<Selectable<TocGripsTable>, 'grip_id' | 'project' | 'node_id' | 'excerpt' | 'event_id_start' | 'event_id_end' | 'ts' | 'source'>): Grip {
  return {
    gripId: r.grip_id, project: r.project, nodeId: r.node_id, excerpt: r.excerpt, eventIdStart: r.event_id_start,
    eventIdEnd: r.event_id_end, ts: new Date(r.ts), source: r.source,
  };
}

/** The latest version of each named node of a project. */
export async function latestNodes(db: ConversationDb, project: string, nodeIds: readonly string[]): Promise<Map<string, TocNode>> {
  if (nodeIds.length === 0) return new Map();
  const rows = await db.selectFrom('toc_latest')
    .innerJoin('toc_nodes', (j) => j.onRef('toc_nodes.project', '=', 'toc_latest.project')
      .onRef('toc_nodes.node_id', '=', 'toc_latest.node_id').onRef('toc_nodes.version', '=', 'toc_latest.version'))
    .select(NODE_COLUMNS)
    .where('toc_latest.project', '=', project)
    .where('toc_latest.node_id', 'in', [...nodeIds])
    .execute();
  return new Map(rows.map((r) => [r.node_id, toNode(r)]));
}

/** The latest versions of a node's children (by the pointers' parent), in time order. */
export async function latestChildren(db: ConversationDb, project: string, parentId: string): Promise<TocNode[]> {
  const rows = await db.selectFrom('toc_latest')
    .innerJoin('toc_nodes', (j) => j.onRef('toc_nodes.project', '=', 'toc_latest.project')
      .onRef('toc_nodes.node_id', '=', 'toc_latest.node_id').onRef('toc_nodes.version', '=', 'toc_latest.version'))
    .select(NODE_COLUMNS)
    .where('toc_latest.project', '=', project)
    .where('toc_latest.parent_id', '=', parentId)
    .orderBy('toc_latest.start_ts').orderBy('toc_latest.node_id')
    .execute();
  return rows.map(toNode);
}

/** Text the keyword index covers besides the title: bullets and keywords. */
const searchText = (d: TocNodeDraft) => [...d.bullets.map((b) => b.text), d.keywords.join(' ')].join('\n');
const vectorLiteral = (v: readonly number[] | undefined) => (v ? `[${v.join(',')}]` : null);

/**
 * Appends the next version of a node and points `toc_latest` at it, in one call of
 * `engram_append_toc_node`: the service login may not write either table itself (issue 36), so
 * no row it did not version becomes a node. Call inside a transaction.
 */
export async function appendNodeVersion(trx: ConversationDb, draft: TocNodeDraft, embedding?: readonly number[]): Promise<number> {
  // Ungated text (a summariser may quote an event): secrets and personal data are redacted (issue 17).
  const d = { ...draft, title: redactSensitive(draft.title), bullets: redactSensitive(draft.bullets), keywords: redactSensitive(draft.keywords) };
  const node = {
    project: d.project, node_id: d.nodeId, level: d.level, parent_id: d.parentId, start_ts: d.start.toISOString(), end_ts: d.end.toISOString(),
    title: d.title, bullets: d.bullets, keywords: d.keywords, child_ids: d.childIds, event_count: d.eventCount,
    token_count: d.tokenCount, summariser: d.summariser, source_hash: d.sourceHash, search_text: searchText(d),
  };
  const { rows } = await sql<{ version: number }>`SELECT engram_append_toc_node(${JSON.stringify(node)}::jsonb, ${vectorLiteral(embedding)}) AS version`.execute(trx);
  return Number(rows[0]?.version);
}

/** Stores grips; a grip that exists (same id = same content) is left as it is. */
export async function insertGrips(trx: ConversationDb, grips: readonly Grip[], embeddings?: ReadonlyMap<string, readonly number[]>): Promise<void> {
  if (grips.length === 0) return;
  await trx.insertInto('toc_grips').values(grips.map((g) => ({
    grip_id: g.gripId, project: g.project, node_id: g.nodeId, excerpt: redactSensitive(g.excerpt), event_id_start: g.eventIdStart,
    event_id_end: g.eventIdEnd, ts: g.ts, source: g.source, embedding: vectorLiteral(embeddings?.get(g.gripId)),
  }))).onConflict((oc) => oc.column('grip_id').doNothing()).execute();
}

/** Drops the pointers of segments a rebuilt day no longer has (their versions stay until compacted; never one the day still lists). */
export async function dropStaleSegments(trx: ConversationDb, project: string, dayId: string, keep: readonly string[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT engram_drop_toc_segments(${project}, ${dayId}, ${[...keep]}::text[]) AS n`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}
