import { analyse, words } from './contradiction-text.js';

describe('contradiction text: words and statements', () => {
  it('expands contractions, straight or typographic, so negations compare word for word', () => {
    expect(words("We can't, won't and shan't")).toEqual(['we', 'can', 'not', 'will', 'not', 'and', 'shall', 'not']);
    expect(words('It isn’t enabled')).toEqual(['it', 'is', 'not', 'enabled']);
    expect(words('It doesn‘t')).toEqual(['it', 'does', 'not']);
  });

  it('finds no words in punctuation alone', () => {
    expect(words('?! … --')).toEqual([]);
  });

  it('keeps numbers whole, with their decimal and thousands separators', () => {
    expect(words('Timeout 1,500 ms or 2.75 s, version 10')).toEqual(['timeout', '1,500', 'ms', 'or', '2.75', 's', 'version', '10']);
    expect(words('ends at 3.')).toEqual(['ends', 'at', '3']);
    expect(analyse('The limit is 1,500 ms, was v2').numbers).toEqual(['1,500']);
  });

  it('splits subject and value on the first sentence only, without its final punctuation', () => {
    const s = analyse('The cache is memcached. Later the cache is valkey!');
    expect(s.subject).toEqual(new Set(['cache']));
    expect(s.value).toEqual(new Set(['memcached']));
    expect(analyse('The port is 5432!!').value).toEqual(new Set(['5432']));
    expect(analyse('The nightly job runs on fridays?').value).toEqual(new Set(['friday']));
    expect(analyse('The version is 2.75.').value).toEqual(new Set(['2.75']));
    expect(analyse('The cache is valkey').value).toEqual(new Set(['valkey']));
  });

  // A memory written as lines (a list, a note) has its first line as its first sentence.
  it('ends the first sentence at a line break too', () => {
    const s = analyse('The cache is Redis\nSee the wiki for the failover steps');
    expect(s.subject).toEqual(new Set(['cache']));
    expect(s.value).toEqual(new Set(['redi']));
    expect(analyse('The cache is Redis\r\nOwner: ops').value).toEqual(new Set(['redi']));
  });

  it('has no subject or value when the first sentence has no copula', () => {
    const s = analyse('Never deploy on fridays. The build is green.');
    expect(s.subject).toBeNull();
    expect(s.value).toBeNull();
    expect(s.negations).toBe(1);
  });
});
