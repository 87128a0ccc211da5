import type { TocEvent } from '../toc/toc-event.js';
import {
  sourceOf, type ChildSummary, type RollupInput, type RollupSummary, type SegmentInput, type SegmentSummary, type Summariser,
} from './summariser.js';
import { contentFactor, isChatWord, voiceFactor, MIN_CONTENT, sharedThing, spokenPart } from './sentence-scoring.js';
import { anchorRelativeDates } from './relative-dates.js';
import { eventPhrase, firstPersonEvent } from './event-phrase.js';
import { clip, overlap, sentences, termWeights, terms, topTerms } from './text-scoring.js';

/** Limits of the extractive summaries (from TocConfig). */
export interface ExtractiveOptions {
  bullets: number;
  keywords: number;
}

const BULLET_CHARS = 220;
const EXCERPT_CHARS = 400;
/** Bullets sharing more than this share of terms with a chosen one are skipped as repeats. */
const MAX_OVERLAP = 0.5;
/** Event kinds whose text is conversation (session markers and compaction notices are not). */
const SPOKEN = new Set(['user_message', 'assistant_message', 'tool_use', 'tool_result', 'note', 'subagent_stop']);

/** A sentence worth a bullet: `spoken` as said (the grip's excerpt), `sentence` with what it shared. */
/** How much a long sentence's summed term weights are damped (0: not at all, 0.5: by the square root of its terms). */
const LENGTH_DAMPING = 0.3;

interface Candidate { event: TocEvent; actor: string; spoken: string; sentence: string; terms: Set<string>; score: number; order: number }

/**
 * A segment gets one sentence more per this many events, up to four times the configured count: a
 * chat holds a fact in about every other turn (issue 37 measured 2 against 3 on LoCoMo dev).
 */
const EVENTS_PER_EXTRA_BULLET = 2;

/** Sentence candidates of the owned events, each scored by the weights of its distinct terms. */
function candidates(events: readonly TocEvent[], weights: ReadonlyMap<string, number>): Candidate[] {
  const out: Candidate[] = [];
  for (const event of events) {
    if (!SPOKEN.has(event.kind) || !event.text) continue;
    // Users state intent and decisions; tool output is evidence but rarely the point.
    // Who said it: a chat line's "Name:" prefix, else the role. Captions are evidence, not speech.
    const { speaker, said } = spokenPart(event.text);
    // Between two named people neither side is the one who decides (issue 37: a dialogue's second
    // speaker lost facts to the first).
    const roleBoost = event.kind.startsWith('tool_') ? 0.6 : event.kind === 'user_message' && !speaker ? 1.2 : 1;
    const actor = speaker ?? event.role ?? event.kind;
    for (const spoken of sentences(said)) {
      // "They made this!" says little alone: what was shared completes it (issue 37).
      const shared = sharedThing(event.text, spoken);
      const sentence = shared ? `${spoken.replace(/[.!]$/, '')} (${shared})` : spoken;
      const ts = new Set(terms(sentence));
      if (ts.size < 2) continue;
      let sum = 0;
      for (const t of ts) sum += (weights.get(t) ?? 0);
      const factor = contentFactor(sentence);
      const score = (roleBoost * factor * voiceFactor(sentence) * sum) / Math.pow(ts.size + 4, LENGTH_DAMPING);
      if (factor >= MIN_CONTENT && score > 0) out.push({ event, actor, spoken, sentence, terms: ts, score, order: out.length });
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

/** Sentences of one turn chosen side by side: one bullet, one grip (the speaker and the citation once). */
function groupByTurn(chosen: readonly Candidate[]): Candidate[][] {
  const groups: Candidate[][] = [];
  for (const c of chosen) {
    const last = groups[groups.length - 1];
    if (last && last[0]?.event === c.event) last.push(c);
    else groups.push([c]);
  }
  return groups;
}

/**
 * Bullets of the chosen sentences, in conversation order. A bullet is read long after the turn, so
 * "last Friday" gets the date it meant. The grip's excerpt is the turn's text from the first chosen
 * sentence to the last (so it is found in the event), or the first sentence when that span is long.
 */
function bulletsOf(chosen: readonly Candidate[]): SegmentSummary['bullets'] {
  return groupByTurn(chosen).map((group) => {
    const first = group[0] as Candidate;
    const last = group[group.length - 1] as Candidate;
    const text = first.event.text ?? '';
    const from = text.indexOf(first.spoken);
    const to = text.indexOf(last.spoken, Math.max(0, from)) + last.spoken.length;
    const span = from >= 0 && to > from ? text.slice(from, to) : first.spoken;
    const said = group.map((c) => clip(c.sentence, BULLET_CHARS)).join(' ');
    return {
      text: `${first.actor}: ${anchorRelativeDates(said, first.event.ts)}`,
      grips: [{ excerpt: clip(span.length <= EXCERPT_CHARS ? span : first.spoken, EXCERPT_CHARS), eventIdStart: first.event.eventId, eventIdEnd: first.event.eventId, ts: first.event.ts, source: sourceOf(first.event) }],
    };
  });
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
  // A turn's words with what it shared: a sentence completed by its caption scores by both.
  const docs = events.map((e) => terms(`${spokenPart(e.text ?? '').said} ${sharedThing(e.text ?? '', 'this') ?? ''}`));
  const weights = termWeights(docs);
  // Longer conversations hold more facts: the bullet and keyword counts grow with the segment.
  const n = Math.min(opts.bullets * 4, opts.bullets + Math.floor(events.length / EVENTS_PER_EXTRA_BULLET));
  // Keywords carry what the chosen sentences miss (memory-context lists them): twice the bullets' share.
  const keywords = topTerms(keywordWeights(events, docs), Math.round((2 * opts.keywords * n) / opts.bullets));
  const all = candidates(events, weights);
  const chosen = pick(all, n);
  const bullets = bulletsOf(chosen);
  // The title names the most telling events, by whom ("Caroline passed the adoption agency interviews").
  const best = [...chosen].sort((a, b) => b.score - a.score || a.order - b.order).map((c) => ({ text: `${c.actor}: ${c.spoken}`, from: 0 }));
  const named = eventNames(best, '');
  const title = named.length ? named.join('; ') : keywords.length ? keywords.slice(0, 4).join(', ') : `${events.length} events`;
  return { title, bullets, keywords };
}

/** Events a title names, at most this many, each at most TITLE_PART characters. */
const TITLE_EVENTS = 2;
const TITLE_PART = 60;

/**
 * The short names of the best bullets' events (told events first, then in score order), naming each
 * child at most once when the bullets come from several. With `skip` (the title of an only child),
 * the names go on after the last event that title names and leave out the ones it names, so a chain
 * of single-child levels names new events level by level instead of repeating its child.
 */
function eventNames(bullets: readonly { text: string; from: number }[], skip: string): string[] {
  const told = [...bullets].sort((a, b) => Number(firstPersonEvent(b.text) !== null) - Number(firstPersonEvent(a.text) !== null));
  const phrases = told.map((b) => ({ ...b, phrase: clip(eventPhrase(b.text), TITLE_PART) }));
  const taken = skip.toLowerCase();
  const isTaken = (p: string) => taken.length > 0 && taken.includes(p.toLowerCase());
  const after = phrases.reduce((last, p, i) => (isTaken(p.phrase) ? i : last), -1);
  const rotated = [...phrases.slice(after + 1), ...phrases.slice(0, after + 1)];
  const named: string[] = [];
  const from = new Set<number>();
  const several = new Set(bullets.map((b) => b.from)).size > 1;
  for (const p of rotated) {
    if (named.length >= TITLE_EVENTS) break;
    if (isTaken(p.phrase) || named.includes(p.phrase) || (several && from.has(p.from))) continue;
    named.push(p.phrase);
    from.add(p.from);
  }
  return named;
}

/**
 * A rollup (SUMM-04): keywords weighted by their rank in each child and the child's size; the most
 * informative bullets of the children (content score times the rolled-up keywords they hold, a
 * child's later bullets worth less so several children speak), keeping each bullet's grip links,
 * put back in time order. The title names the best events. A level with one child carries that
 * child's best bullets too, and its title names events the child's title does not, so titles
 * never chain ("2026: Nov 2026: Week 48, …" was issue 37).
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
    return { bullet: b, ci, bi, ts, score: contentFactor(spokenPart(b.text).said) * (1 + hits) * Math.log(2 + ts.size) };
  }));
  const chosen: typeof scored = [];
  const perChild = new Map<number, number>();
  const remaining = [...scored];
  // An only child's level says the same period: it keeps all of that child's bullets.
  const limit = children.length === 1 ? Math.max(opts.bullets, scored.length) : opts.bullets;
  while (chosen.length < limit && remaining.length) {
    // A child's k-th pick is worth 0.6^k: the period's bullets come from several of its children.
    const value = (s: (typeof scored)[number]) => s.score * 0.6 ** (perChild.get(s.ci) ?? 0);
    remaining.sort((a, b) => value(b) - value(a) || a.ci - b.ci || a.bi - b.bi);
    const s = remaining.shift() as (typeof scored)[number];
    if (chosen.some((p) => overlap(p.ts, s.ts) > MAX_OVERLAP)) continue;
    chosen.push(s);
    perChild.set(s.ci, (perChild.get(s.ci) ?? 0) + 1);
  }
  const [only] = children;
  const named = eventNames(chosen.map((s) => ({ text: s.bullet.text, from: s.ci })), children.length === 1 && only ? only.title : '');
  chosen.sort((a, b) => a.ci - b.ci || a.bi - b.bi);
  const about = named.length ? named.join('; ') : keywords.slice(0, 3).join(', ');
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
