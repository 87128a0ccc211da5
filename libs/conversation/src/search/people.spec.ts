import { speakersAsked } from './people.js';

const paola = { word: 'Paola', speaker: 'Paola' };
const emi = { word: 'Emi', speaker: 'Emi' };

describe('speakersAsked (whom a question asks about)', () => {
  it('leaves out the person a question names only as a recipient', () => {
    expect(speakersAsked('What tips did Paola give to Emi?', [paola, emi])).toEqual(['Paola']);
    expect(speakersAsked('What did Emi share with Paola on 5 May?', [emi, paola])).toEqual(['Emi']);
    expect(speakersAsked('What did Paola get for Emi?', [paola, emi])).toEqual(['Paola']);
  });

  it('keeps both when the question joins them, a possessive follows, or both are recipients', () => {
    expect(speakersAsked('What dish did both Paola and Emi cook?', [paola, emi])).toEqual(['Paola', 'Emi']);
    expect(speakersAsked("What did Paola do for Emi's birthday?", [paola, emi])).toEqual(['Paola', 'Emi']);
    expect(speakersAsked('What was said to Paola, to Emi?', [paola, emi])).toEqual(['Paola', 'Emi']);
    expect(speakersAsked('What did Paola tell Emi?', [paola, emi])).toEqual(['Paola', 'Emi']);
  });

  it('leaves one or no named speaker as it is', () => {
    expect(speakersAsked('What symbols are important to Paola?', [paola])).toEqual(['Paola']);
    expect(speakersAsked('What did they cook?', [])).toEqual([]);
  });
});
