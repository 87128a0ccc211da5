import { createHash } from 'node:crypto';
import { contentHash, normaliseContent } from './content-hash.js';

/** The one-pass definition the sliced normalisation must match exactly (stored hashes depend on it). */
function onePass(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

// Pieces that interact with NFKC, whitespace collapsing and case mapping, to put at slice cuts.
const PIECES = [
  'word', ' ', '  ', '\n', '\r\n', '\t', ' \u0301', 'e\u0301', '\u00B4', '\u00A0', '\u3000', 'ΣΑΣ ', 'Σ', 'ﬁ', 'Ⅻ',
  '😀', '👩‍💻', 'İ', 'ß', '\u200B', 'x'.repeat(300), ' \n \t ', 'Ǆ', '①', 'Ａ',
];

function trickyText(seed: number, length: number): string {
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  let text = '';
  while (text.length < length) text += PIECES[Math.floor(rnd() * PIECES.length)];
  return text;
}

describe('contentHash', () => {
  it('ignores case and whitespace differences', () => {
    expect(normaliseContent('  Use   Postgres\n\tfor  EVERYTHING ')).toBe('use postgres for everything');
    expect(contentHash('Use Postgres')).toBe(contentHash('  use\npostgres '));
  });

  it('differs for different text and is a sha256 hex digest', () => {
    expect(contentHash('use postgres')).not.toBe(contentHash('use mysql'));
    expect(contentHash('x')).toMatch(/^[0-9a-f]{64}$/);
  });

  // Long texts are normalised and hashed in slices (issue 17): the result must be the one-pass one.
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('normalises and hashes a long text in slices exactly as in one pass (seed %i)', (seed) => {
    const text = trickyText(seed, 200_000);
    const expected = onePass(text);
    expect(normaliseContent(text)).toBe(expected);
    expect(contentHash(text)).toBe(createHash('sha256').update(expected, 'utf8').digest('hex'));
  });

  it.each([
    ['only whitespace', ' \n\t '.repeat(20_000)],
    ['leading and trailing whitespace runs across slices', `${' '.repeat(40_000)}a b${'\n'.repeat(40_000)}`],
    ['one long word', 'Q'.repeat(99_999)],
    ['emoji pairs across the hash slice cuts', `a${'😀'.repeat(70_000)}`],
  ])('matches the one-pass result for %s', (_name, text) => {
    expect(normaliseContent(text)).toBe(onePass(text));
    expect(contentHash(text)).toBe(createHash('sha256').update(onePass(text), 'utf8').digest('hex'));
  });
});
