import type { EventMatch } from './event-search.js';
import { tellingPrior, withoutSpeakers } from '@engram/memory';
import { withTurnPriors } from './turn-priors.js';

const at = new Date('2023-05-08T10:00:00Z');
const named = (...namedSpeakers: string[]) => ({ namedSpeakers, asksWhen: false });
const m = (eventId: string, text: string, score: number): EventMatch => ({ eventId, sessionId: 's', ts: at, text, score });

describe('turn priors (who said it, whether it asks)', () => {
  it('drops the speakers a query names (possessive too) from the text the sentence model embeds', () => {
    expect(withoutSpeakers("What are Melanie's pets' names?", ['Melanie'])).toBe("What are pets' names?");
    expect(withoutSpeakers('What did Caroline tell Melanie?', ['Caroline', 'Melanie'])).toBe('What did tell ?');
    // Nothing but the name left: the text stays as it was.
    expect(withoutSpeakers('Melanie?', ['Melanie'])).toBe('Melanie?');
    expect(withoutSpeakers('What has Melanie painted?', [])).toBe('What has Melanie painted?');
  });

  it('ranks the named speaker\'s own statement over the other speaker addressing her and over a question', () => {
    const hits = [
      m('addressing', 'Caroline: Melanie, your horse painting is lovely', 1),
      m('asking', 'Melanie: Did you paint the horse?', 0.95),
      m('own', 'Melanie: I painted a horse last month', 0.8),
    ];
    expect(withTurnPriors(hits, named('Melanie')).map((h) => h.eventId)).toEqual(['own', 'asking', 'addressing']);
    // Two speakers named (or none): who said it does not count, asking still does.
    expect(withTurnPriors(hits, named('Melanie', 'Caroline')).map((h) => h.eventId)).toEqual(['addressing', 'own', 'asking']);
    expect(withTurnPriors(hits, named()).map((h) => h.eventId)).toEqual(['addressing', 'own', 'asking']);
  });

  it('ranks a turn that says when over one that does not for a question that asks when', () => {
    const hits = [m('undated', 'Melanie: I painted a horse, it took ages', 1), m('dated', 'Melanie: I painted a horse last month', 0.9)];
    expect(withTurnPriors(hits, { namedSpeakers: ['Melanie'], asksWhen: true }).map((h) => h.eventId)).toEqual(['dated', 'undated']);
    expect(withTurnPriors(hits, named('Melanie')).map((h) => h.eventId)).toEqual(['undated', 'dated']);
  });

  it('counts a chat turn of few words less, and leaves an event without a known speaker alone', () => {
    const hits = [m('short', 'Melanie: lol same', 1), m('note', 'build failed', 0.9)];
    const out = withTurnPriors(hits, named(), ['Melanie', 'Caroline']);
    expect(out.map((h) => [h.eventId, h.score])).toEqual([['note', 0.9], ['short', tellingPrior('lol same')]]);
    // Without the project's speakers nothing tells a chat turn from a note: no length prior.
    expect(withTurnPriors(hits, named()).map((h) => h.score)).toEqual([1, 0.9]);
  });
});
