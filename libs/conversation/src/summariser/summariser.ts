import type { TocEvent } from '../toc/toc-event.js';
import type { TocLevel } from '../toc/time-buckets.js';

/*
 * The summariser interface (seed 002 SUMM-01): one deterministic extractive implementation that
 * needs no network (the default) and an LLM one over an OpenAI-compatible endpoint; both return
 * the same shapes, so the TOC builder does not know which one it runs.
 */

/** Evidence for a bullet (GRIP-01): an excerpt and the event range it comes from. */
export interface GripDraft {
  excerpt: string;
  eventIdStart: string;
  eventIdEnd: string;
  ts: Date;
  /** Where the excerpt was said: `agent/session/role`. */
  source: string;
}

/** A segment's summary (SUMM-02/03): each bullet carries the grips that support it. */
export interface SegmentSummary {
  title: string;
  bullets: { text: string; grips: GripDraft[] }[];
  keywords: string[];
}

/** What a segment summary is made from: the owned events and the overlap (context only). */
export interface SegmentInput {
  events: readonly TocEvent[];
  overlap: readonly TocEvent[];
}

/** A child node as a rollup sees it (SUMM-04). */
export interface ChildSummary {
  nodeId: string;
  level: TocLevel;
  title: string;
  bullets: readonly { text: string; gripIds: readonly string[] }[];
  keywords: readonly string[];
  start: Date;
  end: Date;
  eventCount: number;
}

/** A rollup: title, bullets that keep their children's grip links, keywords. */
export interface RollupSummary {
  title: string;
  bullets: { text: string; gripIds: string[] }[];
  keywords: string[];
}

/** What a rollup is made from: the node's level, a human label of its period and its children. */
export interface RollupInput {
  level: Exclude<TocLevel, 'segment'>;
  label: string;
  children: readonly ChildSummary[];
}

/** A summariser (SUMM-01): async, so an implementation may call a model. */
export interface Summariser {
  /** Recorded on every node it builds, e.g. `extractive` or `llm:<model>`. */
  readonly name: string;
  summariseSegment(input: SegmentInput): Promise<SegmentSummary>;
  rollup(input: RollupInput): Promise<RollupSummary>;
}

/** The source label of an event, as grips record it. */
export function sourceOf(e: Pick<TocEvent, 'agent' | 'sessionId' | 'role' | 'kind'>): string {
  return `${e.agent ?? 'agent'}/${e.sessionId ?? '-'}/${e.role ?? e.kind}`;
}
