import { speakerOf, type MemoryRow } from '@engram/memory';
import { isTurn } from './session-context.js';

/** Scopes remembered, oldest forgotten first; a scope whose speakers were forgotten only costs a second read. */
export const KNOWN_SPEAKER_SCOPES = 1000;
/** Speakers remembered per scope. */
export const KNOWN_SPEAKERS_PER_SCOPE = 256;

/**
 * The speakers a search has seen turns of, per scope (ADR-0042). A search embeds its query without
 * the speakers it names before its one candidate read, so it has to guess them: the guess is the
 * query's capitalised words that spoke a turn in these scopes before. The read then tells the truth
 * (speakersNamed over its keyword candidates), and a wrong guess costs a second, vector-only read,
 * never a different answer. Process memory only, bounded; names are in the memories anyway.
 */
export class KnownSpeakers {
  private readonly byScope = new Map<string, Set<string>>();

  /** The `words` that spoke a turn in any of `scopes` in an earlier read. */
  guess(scopes: readonly string[], words: readonly string[]): string[] {
    const known = scopes.map((s) => this.byScope.get(s)).filter((set): set is Set<string> => set !== undefined);
    return words.filter((w) => known.some((set) => set.has(w)));
  }

  /** Remembers the speakers of the turns among `rows`. */
  learn(rows: Iterable<MemoryRow>): void {
    for (const row of rows) {
      const by = isTurn(row) ? speakerOf(row.content) : null;
      if (by === null) continue;
      let set = this.byScope.get(row.scope);
      if (set === undefined) {
        if (this.byScope.size >= KNOWN_SPEAKER_SCOPES) this.byScope.delete(this.byScope.keys().next().value as string);
        set = new Set();
        this.byScope.set(row.scope, set);
      }
      if (set.size < KNOWN_SPEAKERS_PER_SCOPE) set.add(by);
    }
  }
}
