import type { EventMatch } from './event-search.js';
import { tellingPrior, withoutSpeakers } from '@engram/memory';
import { NO_NEWS, tellsNews, withTurnPriors } from './turn-priors.js';

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
    expect(out.map((h) => [h.eventId, h.score])).toEqual([['note', 0.9], ['short', tellingPrior('lol same') * NO_NEWS]]);
    // Without the project's speakers nothing tells a chat turn from a note: no length prior.
    expect(withTurnPriors(hits, named()).map((h) => h.score)).toEqual([1, 0.9]);
  });

  it('ranks a turn that tells news over one that reacts to it or muses on the topic', () => {
    expect(tellsNews('Kevin: I went to the spa today and got a massage')).toBe(true);
    expect(tellsNews("Paola: A few years ago, I visited Crete and loved it")).toBe(true);
    expect(tellsNews("Emi: We've just booked a trip to Banff!")).toBe(true);
    expect(tellsNews('Emi: I cut my hair! It feels so refreshing')).toBe(true);
    expect(tellsNews('Elise: That sounds like a fantastic spa experience! Massages are so relaxing')).toBe(false);
    expect(tellsNews('Paola: Pursuing a career in technology can offer a wide range of opportunities')).toBe(false);
    const hits = [
      m('reacts', 'Elise: That sounds like a fantastic spa experience! I love how relaxing massages can be for body and mind, and the steam rooms too', 1),
      m('tells', 'Kevin: Today I went to the spa and had a lovely massage, then sat in the steam room for an hour or so with a friend', 0.85),
    ];
    expect(withTurnPriors(hits, named(), ['Elise', 'Kevin']).map((h) => h.eventId)).toEqual(['tells', 'reacts']);
  });
});
