import { ASIDE_WORDS, ASKING, asks, asksForSeveral, asksWhen, capitalisedWords, FULL_TURN_WORDS, lengthPrior, MAX_NAMES, NOT_ABOUT_SPEAKER, onlyAsks, OTHER_SPEAKER, saysWhen, speakerOf, speaksOfSelf, tellingPrior, turnPrior, UNDATED } from './turn-text.js';

const named = (...namedSpeakers: string[]) => ({ namedSpeakers, asksWhen: false });

describe('turn text (who said it, whether it asks, which names a question uses)', () => {
  it('reads the speaker of a chat line and whether it asks, captions aside', () => {
    expect(speakerOf('Melanie: I painted a horse')).toBe('Melanie');
    expect(speakerOf('no speaker here: really')).toBeNull();
    expect(asks('Caroline: Did you paint it? [shares a photo of a horse]')).toBe(true);
    expect(asks('Caroline: I painted it. Did you?  ')).toBe(true);
    expect(asks('Caroline: Is it done? Yes, I finished it.')).toBe(false);
  });

  it('tells a turn that only asks from news that ends with a courtesy question', () => {
    expect(onlyAsks('Caroline: Love that purple color! For walking or running?')).toBe(true);
    expect(onlyAsks('elise: wow what gave you the idea? [shares a photo]')).toBe(true);
    expect(onlyAsks('Kevin: Today I went to the spa and got a lovely massage, it was the best part of my whole week. How about you?')).toBe(false);
    expect(onlyAsks('Kevin: I went to the spa.')).toBe(false);
    const aside = Array.from({ length: ASIDE_WORDS }, () => 'wow').join(' ');
    expect(onlyAsks(`${aside}. Really?`)).toBe(true);
    expect(onlyAsks(`${aside} more. Really?`)).toBe(false);
  });

  it('keeps a turn\'s score when the query names no speaker, or two', () => {
    expect(turnPrior('Melanie: I painted a horse', named())).toBe(1);
    expect(turnPrior('Caroline: I painted a horse', named('Melanie', 'Caroline'))).toBe(1);
    expect(turnPrior('no speaker: here', named('Melanie'))).toBe(1);
  });

  it('discounts the other speaker\'s turns when the query names one, and asking turns always', () => {
    expect(turnPrior('Caroline: Melanie, your painting is lovely', named('Melanie'))).toBe(OTHER_SPEAKER);
    expect(turnPrior('Melanie: I painted a horse', named('Melanie'))).toBe(1);
    expect(turnPrior('Melanie: Did you paint it?', named('Melanie'))).toBe(ASKING);
    expect(turnPrior('Caroline: Did you paint it? [shares a photo]', named('Melanie'))).toBeCloseTo(OTHER_SPEAKER * ASKING);
  });

  it('keeps less of the score of a turn of few words, counted without its speaker and captions', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    expect(lengthPrior(words(FULL_TURN_WORDS))).toBe(1);
    expect(lengthPrior(`Kate: ${words(FULL_TURN_WORDS + 20)}`)).toBe(1);
    expect(lengthPrior('lol')).toBeCloseTo(0.575, 3);
    expect(lengthPrior(words(10))).toBeCloseTo(0.812, 3);
    expect(lengthPrior(words(20))).toBeCloseTo(0.901, 3);
    // Shorter is never worth more; an empty text counts as one word.
    for (let n = 1; n < FULL_TURN_WORDS; n++) expect(lengthPrior(words(n))).toBeLessThan(lengthPrior(words(n + 1)) + 1e-12);
    expect(lengthPrior('')).toBe(lengthPrior('ok'));
    // The speaker's "Name:" and a caption add no words: the caption is not what the person said.
    expect(lengthPrior('Melanie: I painted a horse')).toBe(lengthPrior('I painted a horse'));
    expect(lengthPrior(`I painted a horse [shares a photo of ${words(60)}]`)).toBe(lengthPrior('I painted a horse'));
    expect(lengthPrior("don't stop")).toBe(lengthPrior('do stop'));
  });

  it('tells a turn that speaks of its speaker from one that reacts or asks, and counts the second less', () => {
    for (const t of ['Kate: I went skiing', 'elise: my sister moved', 'we finally did it!', 'Paola: I’m so happy', 'Kevin: Honestly i think so']) expect(speaksOfSelf(t)).toBe(true);
    for (const t of ['Kate: That sounds amazing!', 'How was the trip?', 'Emi: Your painting is lovely [shares a photo of my dog]', 'Ian: Mine? no', 'Imogen: Amiable']) {
      expect(speaksOfSelf(t)).toBe(t.startsWith('Ian'));
    }
    expect(tellingPrior('Kate: I went skiing')).toBe(lengthPrior('I went skiing'));
    expect(tellingPrior('Kate: That sounds amazing!')).toBeCloseTo(lengthPrior('That sounds amazing!') * NOT_ABOUT_SPEAKER);
  });

  it('knows a question that asks when, and a turn that says when, by relative and absolute times', () => {
    for (const q of ['When did Melanie paint a sunrise?', '  when was the race', 'In what year did John move?', 'How long ago did she adopt?']) expect(asksWhen(q)).toBe(true);
    for (const q of ['What did Melanie paint?', 'Whenever I can, I paint', 'What time zone is the server in?']) expect(asksWhen(q)).toBe(false);
    for (const t of ['Melanie: I painted that sunrise last year!', 'Jon: Lost my job yesterday', 'Gina: We met last Friday', 'Ann: two weeks ago we went camping',
      'Bob: Back on 13 October 2023', 'Cat: See you tomorrow', 'Dan: This past weekend was wild', 'Eve: In May 2023 I moved']) expect(saysWhen(t)).toBe(true);
    for (const t of ['Melanie: I love painting sunsets', 'Gina: May I ask what you painted?', 'Jon: Last one in buys dinner', 'Ann: [shares a photo from 2019] Look at this!']) {
      expect(saysWhen(t)).toBe(false);
    }
  });

  it('discounts a turn that names no time when the query asks when, and leaves other queries alone', () => {
    expect(turnPrior('Melanie: I painted a sunrise', { namedSpeakers: ['Melanie'], asksWhen: true })).toBe(UNDATED);
    expect(turnPrior('Melanie: I painted a sunrise last year', { namedSpeakers: ['Melanie'], asksWhen: true })).toBe(1);
    expect(turnPrior('Melanie: I painted a sunrise', { namedSpeakers: ['Melanie'], asksWhen: false })).toBe(1);
    expect(turnPrior('Caroline: Did you paint it?', { namedSpeakers: ['Melanie'], asksWhen: true })).toBeCloseTo(OTHER_SPEAKER * ASKING * UNDATED);
  });

  it('reads the capitalised words of a question once each, possessive dropped, at most MAX_NAMES', () => {
    expect(capitalisedWords("What are Melanie's pets' names, Melanie?")).toEqual(['What', 'Melanie']);
    const many = Array.from({ length: 20 }, (_, i) => `Name${String.fromCharCode(97 + i)}`).join(' ');
    expect(capitalisedWords(many)).toHaveLength(MAX_NAMES);
  });
});

describe('asksForSeveral', () => {
  it('reads a list or a shared trait as asking for several things', () => {
    for (const q of [
      "What are Kate's hobbies?", 'Which cities have both been to?', 'What sports does Kevin play?', 'What Italian dishes does Elise like?',
      'In which countries did she relax on the beach?', 'What do they have in common?', 'Where has Elise travelled?',
      'What kind of music does he like?', 'What are some tips she gave?', 'What countries except the US has he been to?',
    ]) expect([q, asksForSeveral(q)]).toEqual([q, true]);
  });

  it('reads a question about one thing as asking for one', () => {
    for (const q of [
      'What is Elise doing in Galveston?', 'What does Melanie paint?', 'When did Kate dye her hair?', 'Where was Elise on 31 Dec 2023?',
      'What country does Elise live in?', 'Did Kevin go to Italy?', 'How long did she have the flu?', 'What was his address?',
    ]) expect([q, asksForSeveral(q)]).toEqual([q, false]);
  });
});
