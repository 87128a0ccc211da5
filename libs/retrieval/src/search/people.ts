import { turnSpeaker, type Mention, type MemoryRow, type PeopleBook, type TurnSample } from '@engram/memory';
import type { CandidateRead } from '../queries/candidate-read.query.js';
import { isTurn } from './session-context.js';

/*
 * The people a search query means (issue 35, memory's PeopleBook): every read teaches the book the
 * speakers of the turns it brought and the names they address each other by; the query's words
 * then resolve to speakers, however the question spells or calls them.
 */

/** Who said a turn (metadata `speaker`, else its "Name:"), null for anything that is not a turn. */
export const speakerOfRow = (row: MemoryRow | undefined): string | null => (row !== undefined && isTurn(row) ? turnSpeaker(row.content, row.metadata) : null);

/** Who spoke around each candidate of a read, by the candidate's id: its session neighbours, in read order. */
export function speakersAround(neighbours: readonly CandidateRead['neighbours'][number][]): Map<string, { distance: number; speaker: string | null }[]> {
  const around = new Map<string, { distance: number; speaker: string | null }[]>();
  for (const n of neighbours) {
    const list = around.get(n.context_of) ?? [];
    list.push({ distance: Number(n.distance), speaker: speakerOfRow(n) });
    around.set(n.context_of, list);
  }
  return around;
}

/** Teaches `book` the turns of a read, each with the speakers read around it in its session. */
export function learnFromRead(book: PeopleBook, read: Pick<CandidateRead, 'keyword' | 'vector' | 'neighbours'>): void {
  const around = speakersAround(read.neighbours);
  const turns = new Map<string, TurnSample>();
  for (const row of [...read.keyword, ...read.vector, ...read.neighbours]) {
    const speaker = speakerOfRow(row);
    if (speaker === null || turns.has(row.id)) continue;
    const near = (around.get(row.id) ?? []).sort((a, b) => a.distance - b.distance).map((x) => x.speaker);
    turns.set(row.id, { id: row.id, scope: row.scope, speaker, text: row.content, around: near });
  }
  book.learn(turns.values());
}

/** The same people, found by the same words? */
export const sameMentions = (a: readonly Mention[], b: readonly Mention[]): boolean =>
  a.length === b.length && a.every((m, i) => m.word === b[i]?.word && m.speaker === b[i]?.speaker);
