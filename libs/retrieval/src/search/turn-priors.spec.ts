import { ASKING, OTHER_SPEAKER, type MemoryRow } from '@engram/memory';
import { speakersNamed, withTurnPriors } from './turn-priors.js';

const turn = (id: string, content: string, memoryClass = 'episodic') => ({ id, content, metadata: {}, memory_class: memoryClass }) as unknown as MemoryRow;

describe('turn priors in memory search', () => {
  const rows = new Map([
    ['addressing', turn('addressing', 'Caroline: Melanie, your horse painting is lovely')],
    ['asking', turn('asking', 'Melanie: Did you paint the horse?')],
    ['own', turn('own', 'Melanie: I painted a horse last month')],
    ['fact', turn('fact', 'Caroline: note that the gallery opens at nine?', 'semantic')],
  ]);

  it('knows a name as a speaker only when a candidate turn starts with it', () => {
    expect(speakersNamed('What has Melanie painted?', rows.values())).toEqual(['Melanie']);
    expect(speakersNamed('What did Caroline tell Melanie?', rows.values()).sort()).toEqual(['Caroline', 'Melanie']);
    // Only a semantic memory starts with "Caroline:" for this one: not a turn, so not a speaker.
    expect(speakersNamed('What has Caroline painted?', [rows.get('fact')])).toEqual([]);
    expect(speakersNamed('What has Paris painted?', rows.values())).toEqual([]);
    expect(speakersNamed('what has melanie painted', rows.values())).toEqual([]);
  });

  it("ranks the named speaker's own statement over the other speaker addressing her and over a question", () => {
    const hits = [{ id: 'addressing', score: 1 }, { id: 'asking', score: 0.95 }, { id: 'own', score: 0.8 }, { id: 'fact', score: 0.5, context: 0.1 }];
    const out = withTurnPriors(hits, rows, 'What has Melanie painted?');
    expect(out.map((h) => h.id)).toEqual(['own', 'asking', 'addressing', 'fact']);
    expect(out.find((h) => h.id === 'addressing')?.score).toBeCloseTo(OTHER_SPEAKER);
    expect(out.find((h) => h.id === 'asking')?.score).toBeCloseTo(0.95 * ASKING);
    // A semantic memory carries no prior and keeps what its neighbours lent it.
    expect(out.find((h) => h.id === 'fact')).toEqual({ id: 'fact', score: 0.5, context: 0.1 });
  });

  it('leaves speakers alone when the query names none or two; asking turns still count less', () => {
    const hits = [{ id: 'addressing', score: 1 }, { id: 'asking', score: 0.9 }];
    for (const text of ['What was painted?', 'What did Caroline tell Melanie?']) {
      const out = withTurnPriors(hits, rows, text);
      expect(out.map((h) => h.score)).toEqual([1, 0.9 * ASKING]);
    }
  });
});
