import { asksWhen, tellingPrior, turnPrior, type MemoryRow } from '@engram/memory';
import type { Neighbour } from '../queries/candidate-read.query.js';
import { speakerOfRow, speakersAround } from './people.js';
import { isTurn, type FusedHit } from './session-context.js';

/*
 * Turn priors in memory search (ADR-0041, as conversation search has them since ADR-0030): a
 * question about one person ("What has Melanie painted?") is answered by that person's own turns,
 * not by the other speaker's turns that name her to address her ("Thanks, Melanie!"); a turn that
 * asks shares the question's words but holds no answer. Who the question names comes from the
 * people book (people.ts): by name as spelled, or by a name the chat calls them.
 */

/**
 * A turn of an exchange none of the named people take part in (ADR-0065): a scope that holds many
 * conversations answers a question about Melanie from the conversations she is in, not from two
 * other people talking about the same thing. Stacks on the other-speaker prior.
 */
export const ELSEWHERE = 0.5;

const norm = (name: string) => name.trim().toLowerCase();

/**
 * ELSEWHERE when the turn and its neighbours show an exchange (two speakers or more) and none of
 * them is named, else 1. A turn whose neighbours show one speaker only (a long burst, a
 * monologue) is not judged: the named person may be just out of reach. In a scope of one
 * conversation every exchange includes both its people, so a question about either never lowers a turn.
 */
function elsewherePrior(own: string | null, around: readonly { speaker: string | null }[] | undefined, named: ReadonlySet<string>): number {
  if (named.size === 0 || own === null || around === undefined) return 1;
  const seen = new Set([...around.flatMap((a) => (a.speaker === null ? [] : [norm(a.speaker)])), norm(own)]);
  return seen.size >= 2 && ![...seen].some((s) => named.has(s)) ? ELSEWHERE : 1;
}

/**
 * Fused hits times their turn prior (memory's turnPrior: 0.7 for another speaker than the one the
 * query names, 0.8 for a turn that asks; tellingPrior: less for a turn of few words or without a
 * first-person word; ELSEWHERE for a turn of an exchange the named people are not in), re-sorted.
 * Only episodic memories carry priors: a fact that ends with a question mark or starts with "Name:"
 * is not a turn. `neighbours`: the read's session neighbours, by the hit they were read for.
 */
export function withTurnPriors(
  hits: readonly FusedHit[], rows: ReadonlyMap<string, MemoryRow>, text: string, namedSpeakers: readonly string[], neighbours: readonly Neighbour[] = [],
): FusedHit[] {
  const query = { namedSpeakers, asksWhen: asksWhen(text) };
  const named = new Set(namedSpeakers.map(norm));
  // The speakers the read brought around each hit (BURST_REACH each way for a turn).
  const around = named.size === 0 ? new Map<string, { speaker: string | null }[]>() : speakersAround(neighbours);
  return hits
    .map((h) => {
      const row = rows.get(h.id);
      if (row === undefined || !isTurn(row)) return h;
      const speaker = speakerOfRow(row);
      const prior = turnPrior(row.content, query, speaker) * tellingPrior(row.content) * elsewherePrior(speaker, around.get(h.id), named);
      return prior === 1 ? h : { ...h, score: h.score * prior };
    })
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
