import type { TocEvent } from '../toc/toc-event.js';
import {
  sourceOf, type ChildSummary, type RollupInput, type RollupSummary, type SegmentInput, type SegmentSummary, type Summariser,
} from './summariser.js';
import { contentFactor, isChatWord, voiceFactor, MIN_CONTENT, spokenPart } from './sentence-scoring.js';
import { anchorRelativeDates } from './relative-dates.js';
import { clip, overlap, sentences, termWeights, terms, topTerms } from './text-scoring.js';

/** Limits of the extractive summaries (from TocConfig). */
export interface ExtractiveOptions {
  bullets: number;
  keywords: number;
}

const TITLE_CHARS = 90;
const BULLET_CHARS = 220;
const EXCERPT_CHARS = 400;
/** Characters of each of the two bullets a rollup title names. */
const ROLLUP_TITLE_PART = 60;
/** Bullets sharing more than this share of terms with a chosen one are skipped as repeats. */
const MAX_OVERLAP = 0.5;
/** Event kinds whose text is conversation (session markers and compaction notices are not). */
const SPOKEN = new Set(['user_message', 'assistant_message', 'tool_use', 'tool_result', 'note', 'subagent_stop']);

interface Candidate { event: TocEvent; actor: string; sentence: string; terms: Set<string>; score: number; order: number }

/** A segment gets one bullet more per this many events, up to four times the configured count. */
const EVENTS_PER_EXTRA_BULLET = 3;

/** Sentence candidates of the owned events, each scored by the weights of its distinct terms. */
function candidates(events: readonly TocEvent[], weights: ReadonlyMap<string, number>): Candidate[] {
  const out: Candidate[] = [];
  for (const event of events) {
    if (!SPOKEN.has(event.kind) || !event.text) continue;
    // Users state intent and decisions; tool output is evidence but rarely the point.
    const roleBoost = event.kind === 'user_message' ? 1.2 : event.kind.startsWith('tool_') ? 0.6 : 1;
    // Who said it: a chat line's "Name:" prefix, else the role. Captions are evidence, not speech.
    const { speaker, said } = spokenPart(event.text);
    const actor = speaker ?? event.role ?? event.kind;
    for (const sentence of sentences(said)) {
      const ts = new Set(terms(sentence));
      if (ts.size < 2) continue;
      let sum = 0;
      for (const t of ts) sum += weights.get(t) ?? 0;
      const factor = contentFactor(sentence);
      const score = (roleBoost * factor * voiceFactor(sentence) * sum) / Math.sqrt(ts.size + 4);
      if (factor >= MIN_CONTENT && score > 0) out.push({ event, actor, sentence, terms: ts, score, order: out.length });
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

/** Counting and time words: a bullet's date says when; as keywords they name nothing. */
const VAGUE = new Set(('ago year years month months week weeks day days today time times lot lots thing things something anything ' +
  'everything everyone someone stuff recently last next four five six seven eight nine ten first second ' +
  // Common verbs and adverbs that say how, not what.
  'right ready mean means take takes took keep keeps feel feels felt hard yet even still much many always never ever maybe ' +
  'actually pretty kind sort little big bit back new old life way ways happen happens happened try tried trying give gave ' +
  'going come came seem seems seemed able getting makes making lately since soon already though although whole real').split(' '));

/**
 * Keyword weights: what was talked about, not how. A term counts once per sentence it occurs in,
 * by that sentence's content factor (chit-chat and questions count little) times its rarity in
 * the segment, so the names, places and things of the facts rank above the words every turn uses.
 * Chat words and contractions are never keywords; a capitalised word past a sentence's start
 * (a name) counts half again.
 */
function keywordWeights(events: readonly TocEvent[], docs: readonly string[][]): Map<string, number> {
  const df = new Map<string, number>();
  for (const doc of docs) for (const t of new Set(doc)) df.set(t, (df.get(t) ?? 0) + 1);
  const out = new Map<string, number>();
  for (const e of events) {
    if (!SPOKEN.has(e.kind) || !e.text) continue;
    for (const sentence of sentences(spokenPart(e.text).said)) {
      const factor = contentFactor(sentence);
      const names = new Set((sentence.slice(1).match(/(?<=\s)[A-Z][a-z]{2,}/g) ?? []).map((w) => w.toLowerCase()));
      for (const t of new Set(terms(sentence))) {
        if (t.includes("'") || isChatWord(t) || VAGUE.has(t)) continue;
        const w = factor * Math.log(1 + docs.length / (df.get(t) ?? 1)) * (names.has(t) ? 1.5 : 1);
        out.set(t, (out.get(t) ?? 0) + w);
      }
    }
  }
  return out;
}

function summariseSegment({ events }: SegmentInput, opts: ExtractiveOptions): SegmentSummary {
  const docs = events.map((e) => terms(spokenPart(e.text ?? '').said));
  const weights = termWeights(docs);
  // Longer conversations hold more facts: the bullet and keyword counts grow with the segment.
  const n = Math.min(opts.bullets * 4, opts.bullets + Math.floor(events.length / EVENTS_PER_EXTRA_BULLET));
  // Keywords carry what the chosen sentences miss (memory-context lists them): twice the bullets' share.
  const keywords = topTerms(keywordWeights(events, docs), Math.round((2 * opts.keywords * n) / opts.bullets));
  const all = candidates(events, weights);
  const chosen = pick(all, n);
  const bullets = chosen.map((c) => ({
    // A bullet is read long after the turn: "last Friday" gets the date it meant.
    text: `${c.actor}: ${anchorRelativeDates(clip(c.sentence, BULLET_CHARS), c.event.ts)}`,
    grips: [{ excerpt: clip(c.sentence, EXCERPT_CHARS), eventIdStart: c.event.eventId, eventIdEnd: c.event.eventId, ts: c.event.ts, source: sourceOf(c.event) }],
  }));
  // The title names the most telling thing said, by whom.
  const lead = [...chosen].sort((a, b) => b.score - a.score || a.order - b.order)[0];
  const title = lead ? `${lead.actor}: ${clip(lead.sentence, TITLE_CHARS)}` : keywords.length ? keywords.slice(0, 4).join(', ') : `${events.length} events`;
  return { title, bullets, keywords };
}

/**
 * A rollup (SUMM-04): keywords weighted by their rank in each child and the child's size, bullets
 * taken from the children (best-first within a child, children in turn by how well their bullets
 * match the rolled-up keywords), keeping each bullet's grip links, then put back in time order.
 */
function rollup({ label, children }: RollupInput, opts: ExtractiveOptions): RollupSummary {
  // One child: the level adds nothing, so it points at the child instead of repeating its bullets.
  const [only] = children;
  if (children.length === 1 && only) return { title: `${label}: ${only.title}`, bullets: [], keywords: [...only.keywords] };
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
  // The title names the period's two most telling bullets (highest-scored first), shortened.
  const named = chosen.slice(0, 2).map((s) => clip(s.bullet.text, ROLLUP_TITLE_PART)).join('; ');
  chosen.sort((a, b) => a.ci - b.ci || a.bi - b.bi);
  const about = named || keywords.slice(0, 3).join(', ');
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
