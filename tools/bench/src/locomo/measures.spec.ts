import { contentWords, holdsAnswer, repeatedBullets } from './measures.js';

describe('memory-context answer measures (real-conversation benchmark)', () => {
  it('keeps the content words of an answer, stopwords and one-letter tokens out', () => {
    expect(contentWords('The week before 9 June 2023')).toEqual(['week', 'june', '2023']);
    expect(contentWords('Pottery, camping, painting')).toEqual(['pottery', 'camping', 'painting']);
  });

  it('splits a number glued to a word, in the answer and in the block alike', () => {
    expect(contentWords('The weekend after 3June, 2022.')).toEqual(['weekend', 'june', '2022']);
    expect(holdsAnswer('### Friday 3 June 2022 · the weekend plans', 'The weekend after 3June, 2022.')).toBe(true);
    expect(holdsAnswer('### Friday 3June2022', 'June 2022')).toBe(true);
  });

  it('needs every content word of the answer somewhere in the block, as a whole word', () => {
    expect(holdsAnswer('- Melanie: I play the clarinet\nAlso mentioned: violin', 'clarinet and violin')).toBe(true);
    expect(holdsAnswer('- Melanie: I play the clarinet', 'clarinet and violin')).toBe(false);
    expect(holdsAnswer('sunsets everywhere', 'sunset')).toBe(false);
    expect(holdsAnswer('anything', 'Yes')).toBe(false);
  });

  it('counts repeated bullets, grip ids aside', () => {
    expect(repeatedBullets('- a [grip:1]\n- a [grip:2]\n- b\n')).toBe(1);
  });
});
