import { BURST_GAP_MS } from './bursts.js';
import { turnSpeaker } from './turn-text.js';

/*
 * Contextual embedding of short turns (issue 35, ADR-0049). A short chat message carries little
 * meaning in its own words: "This was my favorite piece that I got to see today" says nothing of
 * the Art Basel its sender named a message earlier. So the text the sentence model reads for a
 * short turn is the turn followed by the turns before it in its burst and the turn that prompted
 * the burst. Only the vector changes: the stored text, BM25 and citations stay the turn's own.
 * Longer turns are embedded alone: context diluted their vectors (measured, see the ADR).
 */

/** A turn of fewer words than this is embedded with its context. */
export const SHORT_TURN_WORDS = 20;
/** Context stops once it holds this many words (the turn nearest the short one comes first). */
export const CONTEXT_WORDS = 30;
/** How many turns before a short one are read to find its context. */
export const CONTEXT_REACH = 5;

/**
 * Whether a record's vector may hold more than its own text: a short turn of a dialogue (episodic,
 * said by a `speaker` or `role`). Such vectors do not tell two records say the same thing: two
 * short messages of one burst share their context and embed close together (near-duplicate
 * collapse by vector dropped the answer of a realtalk-dev question from memory.retrieve).
 */
export function mayEmbedWithContext(record: { memoryClass: string; metadata: unknown; content: string }): boolean {
  const m = record.metadata !== null && typeof record.metadata === 'object' ? (record.metadata as Record<string, unknown>) : {};
  return record.memoryClass === 'episodic' && ('speaker' in m || 'role' in m) && isShortTurn(record.content);
}

/** A turn as the embedding text is built: its stored text, its metadata and when it was stored. */
export interface ContextTurn {
  content: string;
  metadata: unknown;
  at: Date;
}

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** Whether a turn is short enough to be embedded with its context (so its context is worth reading). */
export const isShortTurn = (content: string): boolean => wordCount(content) < SHORT_TURN_WORDS;

/**
 * The text to embed for `turn`, given the turns stored before it in its session, nearest first.
 * A turn of SHORT_TURN_WORDS words or more is its own text. A shorter one is followed by, in
 * the order they were said, the turns of its burst before it (same speaker, each at most
 * BURST_GAP_MS after the one before) and the first turn of another speaker before the burst (its
 * prompt), until CONTEXT_WORDS words are reached. A turn without a known speaker takes only the turn
 * right before it, if that came within BURST_GAP_MS.
 */
export function embeddingText(turn: ContextTurn, preceding: readonly ContextTurn[]): string {
  if (preceding.length === 0 || !isShortTurn(turn.content)) return turn.content;
  const speaker = turnSpeaker(turn.content, turn.metadata);
  const context: string[] = [];
  let words = 0;
  let later = turn.at.getTime();
  for (const p of preceding) {
    if (words >= CONTEXT_WORDS || Math.abs(later - p.at.getTime()) > BURST_GAP_MS) break;
    later = p.at.getTime();
    context.push(p.content);
    words += wordCount(p.content);
    if (speaker === null || turnSpeaker(p.content, p.metadata) !== speaker) break;
  }
  return context.length === 0 ? turn.content : `${turn.content}\n${context.reverse().join('\n')}`;
}
