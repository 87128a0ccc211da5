import { createHash } from 'node:crypto';
import type { GripDraft, RollupSummary, SegmentSummary } from '../summariser/summariser.js';
import type { Segment } from './segmentation.js';
import type { Bucket, TocLevel } from './time-buckets.js';

/** A grip (GRIP-01): an excerpt with the event range and source it came from; immutable. */
export interface Grip extends GripDraft {
  gripId: string;
  project: string;
  /** The segment whose summary first cited it. */
  nodeId: string;
}

/** A bullet of a node summary and the grips that support it (GRIP-02). */
export interface TocBullet {
  text: string;
  gripIds: string[];
}

/** The content of one version of a TOC node (TOC-02), before it is stored. */
export interface TocNodeDraft {
  project: string;
  nodeId: string;
  level: TocLevel;
  parentId: string | null;
  start: Date;
  end: Date;
  title: string;
  bullets: TocBullet[];
  keywords: string[];
  childIds: string[];
  eventCount: number;
  tokenCount: number;
  summariser: string;
  /** Hash of what the node was built from: an unchanged hash means no new version is needed. */
  sourceHash: string;
}

/** A stored version of a node. */
export interface TocNode extends TocNodeDraft {
  version: number;
  createdAt: Date;
}

const sha = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/** Deterministic grip id: the same excerpt of the same events in the same project is one grip. */
export function gripId(project: string, g: Pick<GripDraft, 'eventIdStart' | 'eventIdEnd' | 'excerpt'>): string {
  return `grip:${sha(project, g.eventIdStart, g.eventIdEnd, g.excerpt).slice(0, 24)}`;
}

/** What a segment is built from: its events and overlap, the summariser and the settings. */
export function segmentSourceHash(segment: Segment, summariser: string, settings: string): string {
  return sha('segment', summariser, settings, segment.events.map((e) => e.eventId).join(','), segment.overlap.map((e) => e.eventId).join(','));
}

/** What a rollup is built from: its children's ids and source hashes, and the summariser. */
export function rollupSourceHash(children: readonly Pick<TocNodeDraft, 'nodeId' | 'sourceHash'>[], summariser: string): string {
  return sha('rollup', summariser, ...children.map((c) => `${c.nodeId}=${c.sourceHash}`));
}

/** A segment node and its grips from a segment summary. */
export function segmentNode(project: string, segment: Segment, summary: SegmentSummary, summariser: string, sourceHash: string): { node: TocNodeDraft; grips: Grip[] } {
  const grips = new Map<string, Grip>();
  const bullets = summary.bullets.map((b) => ({
    text: b.text,
    gripIds: b.grips.map((g) => {
      const id = gripId(project, g);
      grips.set(id, { ...g, gripId: id, project, nodeId: segment.nodeId });
      return id;
    }),
  }));
  return {
    node: {
      project, nodeId: segment.nodeId, level: 'segment', parentId: segment.dayId, start: segment.start, end: segment.end,
      title: summary.title, bullets, keywords: summary.keywords, childIds: [],
      eventCount: segment.events.length, tokenCount: segment.tokens, summariser, sourceHash,
    },
    grips: [...grips.values()],
  };
}

/** A day/week/month/year node from its children and their rollup summary. */
export function rollupNode(project: string, bucket: Bucket, children: readonly TocNodeDraft[], summary: RollupSummary, summariser: string): TocNodeDraft {
  const ordered = [...children].sort((a, b) => a.start.getTime() - b.start.getTime() || (a.nodeId < b.nodeId ? -1 : 1));
  return {
    project, nodeId: bucket.nodeId, level: bucket.level, parentId: bucket.parentId,
    start: ordered[0]?.start ?? bucket.start, end: ordered[ordered.length - 1]?.end ?? bucket.end,
    title: summary.title, bullets: summary.bullets, keywords: summary.keywords, childIds: ordered.map((c) => c.nodeId),
    eventCount: ordered.reduce((n, c) => n + c.eventCount, 0), tokenCount: ordered.reduce((n, c) => n + c.tokenCount, 0),
    summariser, sourceHash: rollupSourceHash(ordered, summariser),
  };
}
