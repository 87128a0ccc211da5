import { asksWhen, tellingPrior, turnPrior, type MemoryRow } from '@engram/memory';
import { speakerOfRow } from './people.js';
import { isTurn, type FusedHit } from './session-context.js';

/*
 * Turn priors in memory search (ADR-0041, as conversation search has them since ADR-0030): a
 * question about one person ("What has Melanie painted?") is answered by that person's own turns,
 * not by the other speaker's turns that name her to address her ("Thanks, Melanie!"); a turn that
 * asks shares the question's words but holds no answer. Who the question names comes from the
 * people book (people.ts): by name as spelled, or by a name the chat calls them.
 */

/**
 * Fused hits times their turn prior (memory's turnPrior: 0.7 for another speaker than the one the
 * query names, 0.8 for a turn that asks; tellingPrior: less for a turn of few words or without a
 * first-person word), re-sorted. Only episodic memories carry priors: a fact
 * that ends with a question mark or starts with "Name:" is not a turn.
 */
export function withTurnPriors(hits: readonly FusedHit[], rows: ReadonlyMap<string, MemoryRow>, text: string, namedSpeakers: readonly string[]): FusedHit[] {
  const query = { namedSpeakers, asksWhen: asksWhen(text) };
  return hits
    .map((h) => {
      const row = rows.get(h.id);
      const prior = row !== undefined && isTurn(row) ? turnPrior(row.content, query, speakerOfRow(row)) * tellingPrior(row.content) : 1;
      return prior === 1 ? h : { ...h, score: h.score * prior };
    })
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
