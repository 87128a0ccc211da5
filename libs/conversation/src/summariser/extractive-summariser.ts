import type { TocEvent } from '../toc/toc-event.js';
import {
  sourceOf, type ChildSummary, type RollupInput, type RollupSummary, type SegmentInput, type SegmentSummary, type Summariser,
} from './summariser.js';
import { clip, overlap, sentences, termWeights, terms, topTerms } from './text-scoring.js';

/** Limits of the extractive summaries (from TocConfig). */
export interface ExtractiveOptions {
  bullets: number;
  keywords: number;
}

const TITLE_CHARS = 90;
const BULLET_CHARS = 220;
const EXCERPT_CHARS = 400;
/** Bullets sharing more than this share of terms with a chosen one are skipped as repeats. */
const MAX_OVERLAP = 0.5;
/** Event kinds whose text is conversation (session markers and compaction notices are not). */
const SPOKEN = new Set(['user_message', 'assistant_message', 'tool_use', 'tool_result', 'note', 'subagent_stop']);

interface Candidate { event: TocEvent; sentence: string; terms: Set<string>; score: number; order: number }

/** Sentence candidates of the owned events, each scored by the weights of its distinct terms. */
function candidates(events: readonly TocEvent[], weights: ReadonlyMap<string, number>): Candidate[] {
  const out: Candidate[] = [];
  for (const event of events) {
    if (!SPOKEN.has(event.kind) || !event.text) continue;
    // Users state intent and decisions; tool output is evidence but rarely the point.
    const roleBoost = event.kind === 'user_message' ? 1.5 : event.kind.startsWith('tool_') ? 0.6 : 1;
    for (const sentence of sentences(event.text)) {
      const ts = new Set(terms(sentence));
      if (ts.size < 2) continue;
      let sum = 0;
      for (const t of ts) sum += weights.get(t) ?? 0;
      out.push({ event, sentence, terms: ts, score: (roleBoost * sum) / Math.sqrt(ts.size + 4), order: out.length });
    }
  }
  return out;
}

/** Best candidates, skipping near-repeats, then put back in conversation order. */
function pick(cands: Candidate[], n: number): Candidate[] {
  const chosen: Candidate[] = [];
  for (const c of [...cands].sort((a, b) => b.score - a.score || a.order - b.order)) {
    if (chosen.length >= n) break;
    if (chosen.some((p) => overlap(p.terms, c.terms) > MAX_OVERLAP)) continue;
    chosen.push(c);
  }
  return chosen.sort((a, b) => a.order - b.order);
}

function summariseSegment({ events }: SegmentInput, opts: ExtractiveOptions): SegmentSummary {
  const docs = events.map((e) => terms(e.text ?? ''));
  const weights = termWeights(docs);
  const keywords = topTerms(weights, opts.keywords);
  const chosen = pick(candidates(events, weights), opts.bullets);
  const bullets = chosen.map((c) => ({
    text: `${c.event.role ?? c.event.kind}: ${clip(c.sentence, BULLET_CHARS)}`,
    grips: [{ excerpt: clip(c.sentence, EXCERPT_CHARS), eventIdStart: c.event.eventId, eventIdEnd: c.event.eventId, ts: c.event.ts, source: sourceOf(c.event) }],
  }));
  const userLead = chosen.find((c) => c.event.kind === 'user_message') ?? chosen[0];
  const title = userLead ? clip(userLead.sentence, TITLE_CHARS) : keywords.length ? keywords.slice(0, 4).join(', ') : `${events.length} events`;
  return { title, bullets, keywords };
}

/**
 * A rollup (SUMM-04): keywords weighted by their rank in each child and the child's size, bullets
 * taken from the children (best-first within a child, children in turn by how well their bullets
 * match the rolled-up keywords), keeping each bullet's grip links, then put back in time order.
 */
function rollup({ label, children }: RollupInput, opts: ExtractiveOptions): RollupSummary {
  const weights = new Map<string, number>();
  for (const c of children) {
    const size = Math.log(2 + c.eventCount);
    c.keywords.forEach((k, rank) => weights.set(k, (weights.get(k) ?? 0) + size * (c.keywords.length - rank)));
  }
  const keywords = topTerms(weights, opts.keywords);
  const top = new Set(keywords);
  const ordered = [...children].sort(byStart);
  const scored = ordered.flatMap((c, ci) => c.bullets.map((b, bi) => {
    const ts = new Set(terms(b.text));
    let hits = 0;
    for (const t of ts) if (top.has(t)) hits++;
    return { child: c, bullet: b, ci, bi, ts, score: hits - bi * 0.5 };
  }));
  const chosen: typeof scored = [];
  for (const s of [...scored].sort((a, b) => b.score - a.score || a.ci - b.ci || a.bi - b.bi)) {
    if (chosen.length >= opts.bullets) break;
    if (chosen.some((p) => overlap(p.ts, s.ts) > MAX_OVERLAP)) continue;
    chosen.push(s);
  }
  chosen.sort((a, b) => a.ci - b.ci || a.bi - b.bi);
  const about = keywords.slice(0, 3).join(', ');
  return {
    title: about ? `${label}: ${about}` : label,
    bullets: chosen.map((s) => ({ text: s.bullet.text, gripIds: [...s.bullet.gripIds] })),
    keywords,
  };
}

const byStart = (a: ChildSummary, b: ChildSummary) => a.start.getTime() - b.start.getTime() || (a.nodeId < b.nodeId ? -1 : 1);

/** The default summariser (SUMM-01..04): extractive, no network, same input → same output. */
export function createExtractiveSummariser(opts: ExtractiveOptions): Summariser {
  return {
    name: 'extractive',
    summariseSegment: async (input) => summariseSegment(input, opts),
    rollup: async (input) => rollup(input, opts),
  };
}
