import { contentHash, normaliseContent } from './content-hash.js';

describe('contentHash', () => {
  it('ignores case and whitespace differences', () => {
    expect(normaliseContent('  Use   Postgres\n\tfor  EVERYTHING ')).toBe('use postgres for everything');
    expect(contentHash('Use Postgres')).toBe(contentHash('  use\npostgres '));
  });

  it('differs for different text and is a sha256 hex digest', () => {
    expect(contentHash('use postgres')).not.toBe(contentHash('use mysql'));
    expect(contentHash('x')).toMatch(/^[0-9a-f]{64}$/);
  });
});
