import { ASKING, asks, capitalisedWords, MAX_NAMES, OTHER_SPEAKER, speakerOf, turnPrior } from './turn-text.js';

describe('turn text (who said it, whether it asks, which names a question uses)', () => {
  it('reads the speaker of a chat line and whether it asks, captions aside', () => {
    expect(speakerOf('Melanie: I painted a horse')).toBe('Melanie');
    expect(speakerOf('no speaker here: really')).toBeNull();
    expect(asks('Caroline: Did you paint it? [shares a photo of a horse]')).toBe(true);
    expect(asks('Caroline: I painted it. Did you?  ')).toBe(true);
    expect(asks('Caroline: Is it done? Yes, I finished it.')).toBe(false);
  });

  it('keeps a turn\'s score when the query names no speaker, or two', () => {
    expect(turnPrior('Melanie: I painted a horse', [])).toBe(1);
    expect(turnPrior('Caroline: I painted a horse', ['Melanie', 'Caroline'])).toBe(1);
    expect(turnPrior('no speaker: here', ['Melanie'])).toBe(1);
  });

  it('discounts the other speaker\'s turns when the query names one, and asking turns always', () => {
    expect(turnPrior('Caroline: Melanie, your painting is lovely', ['Melanie'])).toBe(OTHER_SPEAKER);
    expect(turnPrior('Melanie: I painted a horse', ['Melanie'])).toBe(1);
    expect(turnPrior('Melanie: Did you paint it?', ['Melanie'])).toBe(ASKING);
    expect(turnPrior('Caroline: Did you paint it? [shares a photo]', ['Melanie'])).toBeCloseTo(OTHER_SPEAKER * ASKING);
  });

  it('reads the capitalised words of a question once each, possessive dropped, at most MAX_NAMES', () => {
    expect(capitalisedWords("What are Melanie's pets' names, Melanie?")).toEqual(['What', 'Melanie']);
    const many = Array.from({ length: 20 }, (_, i) => `Name${String.fromCharCode(97 + i)}`).join(' ');
    expect(capitalisedWords(many)).toHaveLength(MAX_NAMES);
  });
});
