import type { EventLog } from '../log/event-log.repository.js';
import type { ConversationEvent } from '../log/event-model.js';
import { MAX_RANGE_LIMIT } from '../log/page-limit.js';
import type { Summariser } from '../summariser/summariser.js';
import { segmentEvents } from './segmentation.js';
import { bucketFromId, levelOf } from './time-buckets.js';
import type { TocConfig } from './toc-config.js';
import { rollupNode, segmentNode, segmentSourceHash, type Grip, type TocNodeDraft } from './toc-node.js';
import { latestChildren, latestNodes } from './toc-store.js';
import type { ConversationDb } from '../conversation-database.js';

/** What building one unit produced, to be committed with the checkpoint advance. */
export interface UnitResult {
  nodes: { draft: TocNodeDraft; text: string }[];
  grips: Grip[];
  /** For a day: the segments it has now (pointers of others under it are dropped). */
  keepSegments?: string[];
}

export interface UnitContext {
  db: ConversationDb;
  eventLog: EventLog;
  summariser: Summariser;
  config: TocConfig;
}

/** The text a node's vector is made from. */
export const nodeText = (d: Pick<TocNodeDraft, 'title' | 'bullets' | 'keywords'>) => [d.title, ...d.bullets.map((b) => b.text), d.keywords.join(' ')].join('\n');

async function dayEvents(ctx: UnitContext, project: string, day: string): Promise<ConversationEvent[]> {
  const b = bucketFromId(day);
  const out: ConversationEvent[] = [];
  let cursor: string | undefined;
  do {
    const page = await ctx.eventLog.range({ project, from: b.start, to: b.end, limit: MAX_RANGE_LIMIT, ...(cursor ? { cursor } : {}) });
    out.push(...page.events);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** A rollup of the children, or null when its inputs are what the current version was built from. */
async function rollupOf(ctx: UnitContext, project: string, nodeId: string, children: TocNodeDraft[], prevHash: string | undefined, force: boolean): Promise<TocNodeDraft | null> {
  if (children.length === 0) return null;
  const bucket = bucketFromId(nodeId);
  const probe = rollupNode(project, bucket, children, { title: '', bullets: [], keywords: [] }, ctx.summariser.name);
  if (!force && probe.sourceHash === prevHash) return null;
  const summary = await ctx.summariser.rollup({
    level: bucket.level, label: bucket.label,
    children: children.map((c) => ({ nodeId: c.nodeId, level: c.level, title: c.title, bullets: c.bullets, keywords: c.keywords, start: c.start, end: c.end, eventCount: c.eventCount })),
  });
  return rollupNode(project, bucket, children, summary, ctx.summariser.name);
}

/** Re-segments a whole day from the log; summarises only segments whose inputs changed, then the day. */
async function buildDay(ctx: UnitContext, project: string, day: string, force: boolean): Promise<UnitResult> {
  const settings = JSON.stringify(ctx.config);
  const segments = segmentEvents(await dayEvents(ctx, project, day), ctx.config);
  const existing = await latestNodes(ctx.db, project, [...segments.map((s) => s.nodeId), day]);
  const result: UnitResult = { nodes: [], grips: [], keepSegments: segments.map((s) => s.nodeId) };
  const children: TocNodeDraft[] = [];
  for (const seg of segments) {
    const hash = segmentSourceHash(seg, ctx.summariser.name, settings);
    const prev = existing.get(seg.nodeId);
    if (prev && prev.sourceHash === hash && prev.parentId === day && !force) {
      children.push(prev);
      continue;
    }
    const { node, grips } = segmentNode(project, seg, await ctx.summariser.summariseSegment(seg), ctx.summariser.name, hash);
    children.push(node);
    result.nodes.push({ draft: node, text: nodeText(node) });
    result.grips.push(...grips);
  }
  const dayNode = await rollupOf(ctx, project, day, children, existing.get(day)?.sourceHash, force);
  if (dayNode) result.nodes.push({ draft: dayNode, text: nodeText(dayNode) });
  return result;
}

/** Builds one unit of a run: a day (with its segments) or a week/month/year rollup of its current children. */
export async function buildUnit(ctx: UnitContext, project: string, unit: string, force: boolean): Promise<UnitResult> {
  if (levelOf(unit) === 'day') return buildDay(ctx, project, unit, force);
  const children = await latestChildren(ctx.db, project, unit);
  const prev = (await latestNodes(ctx.db, project, [unit])).get(unit);
  const node = await rollupOf(ctx, project, unit, children, prev?.sourceHash, force);
  return { nodes: node ? [{ draft: node, text: nodeText(node) }] : [], grips: [] };
}
