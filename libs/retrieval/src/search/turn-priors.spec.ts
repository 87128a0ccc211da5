import { ASKING, tellingPrior, OTHER_SPEAKER, type MemoryRow } from '@engram/memory';
import type { Neighbour } from '../queries/candidate-read.query.js';
import { ELSEWHERE, withTurnPriors } from './turn-priors.js';

const turn = (id: string, content: string, memoryClass = 'episodic') => ({ id, content, metadata: {}, memory_class: memoryClass }) as unknown as MemoryRow;

describe('turn priors in memory search', () => {
  const rows = new Map([
    ['addressing', turn('addressing', 'Caroline: Melanie, your horse painting is lovely')],
    ['asking', turn('asking', 'Melanie: Did you paint the horse?')],
    ['own', turn('own', 'Melanie: I painted a horse last month')],
    ['fact', turn('fact', 'Caroline: note that the gallery opens at nine?', 'semantic')],
  ]);

  it("ranks the named speaker's own statement over the other speaker addressing her and over a question", () => {
    const hits = [{ id: 'addressing', score: 1 }, { id: 'asking', score: 0.95 }, { id: 'own', score: 0.8 }, { id: 'fact', score: 0.3, context: 0.1 }];
    const out = withTurnPriors(hits, rows, 'What has Melanie painted?', ['Melanie']);
    expect(out.map((h) => h.id)).toEqual(['own', 'asking', 'addressing', 'fact']);
    expect(out.find((h) => h.id === 'addressing')?.score).toBeCloseTo(OTHER_SPEAKER * tellingPrior('Melanie, your horse painting is lovely'));
    expect(out.find((h) => h.id === 'asking')?.score).toBeCloseTo(0.95 * ASKING * tellingPrior('Did you paint the horse?'));
    // A semantic memory carries no prior and keeps what its neighbours lent it.
    expect(out.find((h) => h.id === 'fact')).toEqual({ id: 'fact', score: 0.3, context: 0.1 });
  });

  it('leaves speakers alone when the query names none or two; asking turns still count less', () => {
    const hits = [{ id: 'addressing', score: 1 }, { id: 'asking', score: 0.9 }];
    for (const [text, named] of [['What was painted?', []], ['What did Caroline tell Melanie?', ['Caroline', 'Melanie']]] as const) {
      const out = withTurnPriors(hits, rows, text, named);
      expect(out[0]?.score).toBeCloseTo(tellingPrior(rows.get('addressing')?.content ?? ''), 12);
      expect(out[1]?.score).toBeCloseTo(0.9 * ASKING * tellingPrior(rows.get('asking')?.content ?? ''), 12);
    }
  });

  it('reads the speaker from metadata and compares names without case', () => {
    const lower = new Map([['theirs', { ...turn('theirs', 'elise: I went to Miami'), metadata: { speaker: 'elise' } } as unknown as MemoryRow],
      ['other', { ...turn('other', 'Emi: I went skiing'), metadata: { speaker: 'Emi' } } as unknown as MemoryRow]]);
    const out = withTurnPriors([{ id: 'other', score: 1 }, { id: 'theirs', score: 0.9 }], lower, 'Where did Elise go?', ['elise']);
    expect(out.map((h) => h.id)).toEqual(['theirs', 'other']);
    expect(out[1]?.score).toBeCloseTo(OTHER_SPEAKER * tellingPrior('I went skiing'));
  });

  it('counts a dialogue turn of few words less than one that tells something, and leaves other memories alone', () => {
    const long = 'Melanie: I painted a horse last month at the studio by the lake, in oils, after two weeks of sketches from the photos my sister took at the farm where we spent the summer when we were kids, and it is the best thing I have made';
    const talk = new Map([['short', turn('short', 'Melanie: lol same')], ['long', turn('long', long)], ['note', turn('note', 'horse', 'semantic')]]);
    const out = withTurnPriors([{ id: 'short', score: 1 }, { id: 'long', score: 0.7 }, { id: 'note', score: 0.65 }], talk, 'What did Melanie paint?', ['Melanie']);
    expect(out.map((h) => h.id)).toEqual(['long', 'note', 'short']);
    expect(out.map((h) => h.score)).toEqual([0.7, 0.65, tellingPrior('lol same')]);
  });

  describe('in a scope that holds many conversations', () => {
    const said = (id: string, speaker: string, text: string) => ({ ...turn(id, `${speaker}: ${text}`), metadata: { speaker, session: 's' } }) as unknown as MemoryRow;
    const near = (of: string, row: MemoryRow, follows = true): Neighbour => ({ ...row, context_of: of, follows, distance: 1 });
    const talk = new Map([
      ['hers', said('hers', 'Melanie', 'I painted a horse at the studio last month')],
      ['theirs', said('theirs', 'Jon', 'I painted a horse at the studio last month')],
    ]);
    const hits = [{ id: 'theirs', score: 1 }, { id: 'hers', score: 1 }];
    const exchange = [near('theirs', said('g1', 'Gina', 'How lovely!')), near('hers', said('c1', 'Caroline', 'So beautiful!'))];

    it("lowers a turn of an exchange the named person is not in, below her own conversation's", () => {
      const out = withTurnPriors(hits, talk, 'What has Melanie painted?', ['Melanie'], exchange);
      expect(out.map((h) => h.id)).toEqual(['hers', 'theirs']);
      const plain = withTurnPriors(hits, talk, 'What has Melanie painted?', ['Melanie']);
      expect(out[1]?.score).toBeCloseTo((plain.find((h) => h.id === 'theirs')?.score ?? 0) * ELSEWHERE, 12);
      expect(out[0]?.score).toBe(plain.find((h) => h.id === 'hers')?.score);
    });

    it("keeps the other speaker of the named person's own exchange at the other-speaker prior only", () => {
      const partner = new Map([['reply', said('reply', 'Caroline', 'I painted a horse at the studio last month')]]);
      const withHer = [near('reply', said('m1', 'Melanie', 'Wow, show me!'))];
      const out = withTurnPriors([{ id: 'reply', score: 1 }], partner, 'What has Melanie painted?', ['Melanie'], withHer);
      expect(out[0]?.score).toBeCloseTo(withTurnPriors([{ id: 'reply', score: 1 }], partner, 'What has Melanie painted?', ['Melanie'])[0]?.score ?? 0, 12);
    });

    it('judges no turn whose neighbours show one speaker only, and none when the query names nobody', () => {
      const monologue = [near('theirs', said('j2', 'Jon', 'It took two weeks'))];
      const alone = withTurnPriors(hits, talk, 'What has Melanie painted?', ['Melanie'], monologue);
      expect(alone.find((h) => h.id === 'theirs')?.score).toBeCloseTo(withTurnPriors(hits, talk, 'What has Melanie painted?', ['Melanie']).find((h) => h.id === 'theirs')?.score ?? 0, 12);
      const nobody = withTurnPriors(hits, talk, 'Who painted a horse?', [], exchange);
      expect(nobody).toEqual(withTurnPriors(hits, talk, 'Who painted a horse?', []));
    });
  });
});
