import { capitalisedWords } from '../turn-text.js';
import { namesSpeaker } from './name-match.js';
import { addressedNames } from './vocatives.js';

/*
 * Who a question means (issue 35). A search learns, per scope, the speakers of the turns it reads
 * and the names those turns address people by; a question's words then resolve to speakers: by
 * name as people spell it (name-match.ts) or by a name the chat calls them (vocatives.ts).
 * Process memory only and bounded, like the rest of what a search remembers between calls; the
 * names are in the memories anyway. Nothing here knows a person in advance.
 */

/** A turn as the book reads it: who said it, what, and who spoke around it in its session. */
export interface TurnSample {
  id: string;
  scope: string;
  speaker: string | null;
  text: string;
  /** Speakers of the turns within two of it in its session, nearest first, when they were read. */
  around?: readonly (string | null)[];
}

/** A word of a query and the speaker it names. */
export interface Mention {
  word: string;
  speaker: string;
}

/** Scopes remembered, oldest forgotten first. */
export const PEOPLE_BOOK_SCOPES = 1000;
/** Speakers, and words with evidence, remembered per scope. */
const SPEAKERS_PER_SCOPE = 256;
const WORDS_PER_SCOPE = 512;
/** Turns counted per word: evidence is a vote per turn, not per time a search read it. */
const TURNS_PER_WORD = 64;
/** An alias needs this many turns addressing the same person by it … */
export const MIN_ADDRESSING_TURNS = 2;
/** … this share of all the turns that address someone by it … */
const TARGET_SHARE = 2 / 3;
/** … and this share of the turns that mention it at all ("in Florida!" mentions; "Hey Kate!" addresses). */
const ADDRESSING_SHARE = 0.5;

interface WordEvidence {
  turns: Set<string>;
  mentions: number;
  addressed: Map<string, number>;
}

interface ScopePeople {
  /** Folded name → the speaker as stored. */
  speakers: Map<string, string>;
  words: Map<string, WordEvidence>;
}

const key = (word: string) => word.toLowerCase().replace(/['’]s$/, '');

/** The person a turn addressed: the nearest other speaker around it, else the other of exactly two speakers. */
function addressee(turn: TurnSample, people: ScopePeople): string | null {
  const other = (turn.around ?? []).find((s): s is string => s !== null && s !== turn.speaker);
  if (other !== undefined) return other;
  const rest = [...people.speakers.values()].filter((s) => s !== turn.speaker);
  return rest.length === 1 ? (rest[0] as string) : null;
}

/** Per-scope speakers and the names their chats call them. */
export class PeopleBook {
  private readonly scopes = new Map<string, ScopePeople>();

  private of(scope: string): ScopePeople {
    let p = this.scopes.get(scope);
    if (p === undefined) {
      if (this.scopes.size >= PEOPLE_BOOK_SCOPES) this.scopes.delete(this.scopes.keys().next().value as string);
      p = { speakers: new Map(), words: new Map() };
      this.scopes.set(scope, p);
    }
    return p;
  }

  /** Reads speakers first (an addressee is one of them), then the names each turn uses. */
  learn(turns: Iterable<TurnSample>): void {
    const list = [...turns].filter((t) => t.speaker === null || t.speaker.length <= 100);
    for (const t of list) {
      if (t.speaker === null) continue;
      const p = this.of(t.scope);
      if (p.speakers.size < SPEAKERS_PER_SCOPE) p.speakers.set(t.speaker.toLowerCase(), t.speaker);
    }
    for (const t of list) {
      if (t.speaker === null) continue;
      const p = this.of(t.scope);
      const addressed = new Set(addressedNames(t.text).map(key));
      for (const word of capitalisedWords(t.text).map(key)) {
        let e = p.words.get(word);
        if (e === undefined) {
          if (p.words.size >= WORDS_PER_SCOPE) continue;
          e = { turns: new Set(), mentions: 0, addressed: new Map() };
          p.words.set(word, e);
        }
        if (e.turns.has(t.id) || e.turns.size >= TURNS_PER_WORD) continue;
        e.turns.add(t.id);
        e.mentions++;
        const to = addressed.has(word) ? addressee(t, p) : null;
        if (to !== null) e.addressed.set(to, (e.addressed.get(to) ?? 0) + 1);
      }
    }
  }

  /** The speaker a chat of `scope` calls `word`, when the evidence says so. */
  private aliasOf(p: ScopePeople, word: string): string | null {
    const e = p.words.get(key(word));
    if (e === undefined) return null;
    const total = [...e.addressed.values()].reduce((a, b) => a + b, 0);
    const [best, votes] = [...e.addressed.entries()].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
    if (best === null || votes < MIN_ADDRESSING_TURNS || votes < TARGET_SHARE * total || total < ADDRESSING_SHARE * e.mentions) return null;
    return best;
  }

  /**
   * The speaker `word` names in `p`. A capitalised word: by name as people spell it (any case, a
   * slip in a long name, a first name), else by a name the chat calls them. A lower-case word only
   * names a speaker stored in lower case too ("elise"): "error" is a word, not the "Error:" of a log.
   */
  private speakerFor(p: ScopePeople, word: string, capitalised: boolean): string | null {
    if (!capitalised) {
      const exact = p.speakers.get(key(word));
      return exact !== undefined && exact === exact.toLowerCase() ? exact : null;
    }
    const spelled = [...p.speakers.values()].filter((s) => namesSpeaker(word, s));
    if (spelled.length === 1) return spelled[0] as string;
    return spelled.length === 0 ? this.aliasOf(p, word) : null;
  }

  /** The speakers seen in `scope`, as stored. */
  speakers(scope: string): string[] {
    return [...(this.scopes.get(scope)?.speakers.values() ?? [])];
  }

  /**
   * The people `text` names in any of `scopes`, each once, in order of appearance. A word that
   * names different speakers in different scopes names none.
   */
  mentions(scopes: readonly string[], text: string): Mention[] {
    const known = scopes.map((s) => this.scopes.get(s)).filter((p): p is ScopePeople => p !== undefined);
    if (known.length === 0) return [];
    const out: Mention[] = [];
    const seen = new Set<string>();
    for (const m of text.matchAll(/\p{L}[\p{L}'’-]{1,30}/gu)) {
      const word = m[0].replace(/['’]s$/, '');
      if (seen.has(word.toLowerCase())) continue;
      seen.add(word.toLowerCase());
      const capitalised = /^\p{Lu}/u.test(word);
      const found = new Set(known.map((p) => this.speakerFor(p, word, capitalised)).filter((s): s is string => s !== null));
      if (found.size === 1) out.push({ word, speaker: [...found][0] as string });
      if (out.length >= 8) break;
    }
    return out;
  }
}
