import type { MemoryRow } from '@engram/memory';
import { KNOWN_SPEAKER_SCOPES, KNOWN_SPEAKERS_PER_SCOPE, KnownSpeakers } from './known-speakers.js';

const turn = (scope: string, content: string, memoryClass = 'episodic'): MemoryRow =>
  ({ id: content, scope, content, memory_class: memoryClass, metadata: {} }) as unknown as MemoryRow;

describe('KnownSpeakers', () => {
  it('guesses the words of a query that spoke a turn in one of its scopes before', () => {
    const known = new KnownSpeakers();
    expect(known.guess(['s1'], ['What', 'Caroline'])).toEqual([]);
    known.learn([turn('s1', 'Caroline: I went to the support group.'), turn('s2', 'Melanie: Painting again!')]);
    expect(known.guess(['s1'], ['What', 'Caroline', 'Melanie'])).toEqual(['Caroline']);
    expect(known.guess(['s1', 's2'], ['Melanie', 'Caroline'])).toEqual(['Melanie', 'Caroline']);
    expect(known.guess(['s3'], ['Caroline'])).toEqual([]);
  });

  it('learns speakers from dialogue turns only, not from facts that start with a name and a colon', () => {
    const known = new KnownSpeakers();
    known.learn([turn('s', 'Postgres: the database we use', 'semantic'), turn('s', 'no speaker in this turn')]);
    expect(known.guess(['s'], ['Postgres'])).toEqual([]);
  });

  it('stays bounded: the oldest scope is forgotten first, and a scope keeps a bounded number of names', () => {
    const known = new KnownSpeakers();
    for (let i = 0; i <= KNOWN_SPEAKER_SCOPES; i++) known.learn([turn(`s${i}`, 'Ann: hi')]);
    expect(known.guess(['s0'], ['Ann'])).toEqual([]);
    expect(known.guess([`s${KNOWN_SPEAKER_SCOPES}`], ['Ann'])).toEqual(['Ann']);
    known.learn(Array.from({ length: KNOWN_SPEAKERS_PER_SCOPE + 5 }, (_, i) => turn('big', `Name${String.fromCharCode(97 + (i % 26))}${i}: hi`)));
    const names = Array.from({ length: KNOWN_SPEAKERS_PER_SCOPE + 5 }, (_, i) => `Name${String.fromCharCode(97 + (i % 26))}${i}`);
    expect(known.guess(['big'], names)).toHaveLength(KNOWN_SPEAKERS_PER_SCOPE);
  });
});
