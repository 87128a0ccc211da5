import { PeopleBook, type TurnSample } from './people-book.js';
import { editDistance, namesSpeaker } from './name-match.js';
import { addressedNames } from './vocatives.js';

const chat = (scope: string, lines: [string, string][]): TurnSample[] =>
  lines.map(([speaker, text], i) => ({ id: `${scope}-${i}`, scope, speaker, text, around: [lines[i + 1]?.[0] ?? null, lines[i - 1]?.[0] ?? null] }));

describe('names as people write them', () => {
  it('counts edits, transpositions included, and stops early', () => {
    expect(editDistance('paola', 'paolla', 2)).toBe(1);
    expect(editDistance('elise', 'eilse', 2)).toBe(1);
    expect(editDistance('kevin', 'melanie', 1)).toBe(2);
  });

  it('matches case, one slip in a long name, and a first name, never a short name loosely', () => {
    expect(namesSpeaker('elise', 'Elise')).toBe(true);
    expect(namesSpeaker('Paolla', 'Paola')).toBe(true);
    expect(namesSpeaker('John', 'John Smith')).toBe(true);
    expect(namesSpeaker("Elise's", 'elise')).toBe(true);
    expect(namesSpeaker('Ema', 'Emi')).toBe(false);
    expect(namesSpeaker('Melanie', 'Kevin')).toBe(false);
  });

  it('finds the names a turn addresses someone by, not the names it talks about', () => {
    expect(addressedNames('Hey Kate!')).toEqual(['Kate']);
    expect(addressedNames('What about you Kate?')).toEqual(['Kate']);
    expect(addressedNames('That sounds incredible, Emily! Congratulations.')).toEqual(['Emily']);
    expect(addressedNames("I went to Miami with Kate's brother")).toEqual([]);
    expect(addressedNames('Hi, I’m doing good how are you?')).toEqual([]);
  });
});

describe('PeopleBook', () => {
  const lines: [string, string][] = [
    ['Emi', 'Hey! How are you?'], ['elise', 'Hey Kate! Good, you?'], ['Emi', 'Great, I went skiing'],
    ['elise', 'Wow Kate, that sounds fun!'], ['Emi', 'Thanks Emily! Have you been to Florida?'], ['elise', 'Yes, I love Florida!'],
    ['Emi', 'See you tomorrow Emily.'], ['elise', 'Bye Kate!'], ['elise', 'I was in Miami, Florida.'],
  ];

  it('resolves speakers by any spelling and names the chat calls them, in order', () => {
    const book = new PeopleBook();
    book.learn(chat('s', lines));
    expect(book.mentions(['s'], "What are Kate's hobbies and does Elise ski?")).toEqual([{ word: 'Kate', speaker: 'Emi' }, { word: 'Elise', speaker: 'elise' }]);
    expect(book.mentions(['s'], 'where did emily go')).toEqual([]);
    expect(book.mentions(['s'], 'Where did Emily go?')).toEqual([{ word: 'Emily', speaker: 'elise' }]);
    // A lower-case word names only a speaker stored in lower case: "error" is no "Error:".
    expect(book.mentions(['s'], 'what did emi do')).toEqual([]);
    expect(book.mentions(['s'], 'what did elise do')).toEqual([{ word: 'elise', speaker: 'elise' }]);
  });

  it('does not take a place for a person: it is mentioned more than it is addressed', () => {
    const book = new PeopleBook();
    book.learn(chat('s', lines));
    expect(book.mentions(['s'], 'Who went to Florida?')).toEqual([]);
  });

  it('needs two turns addressing someone by a name, counted once however often they are read', () => {
    const book = new PeopleBook();
    const once = chat('t', [['Ann', 'Hello Bea!'], ['Bob', 'hi']]);
    book.learn(once);
    book.learn(once);
    expect(book.mentions(['t'], 'What did Bea say?')).toEqual([]);
  });

  it('keeps scopes apart and names no one a scope has not seen', () => {
    const book = new PeopleBook();
    book.learn(chat('s', lines));
    expect(book.mentions(['other'], 'What are Kate hobbies?')).toEqual([]);
  });
});
