import { contradictionBetween } from './contradictions.js';

/*
 * How much two statements must share before the heuristic calls them a contradiction, at the
 * edge of each threshold: 3 in 4 content words for a negation, 3 in 5 of the remaining words
 * for opposite terms, 4 in 5 words for different numbers.
 */
describe('contradiction heuristic: how much must be shared', () => {
  it('calls a negation with three in four content words shared, not with two in three', () => {
    expect(contradictionBetween('The nightly job exports invoices', 'The nightly task does not export invoices'))
      .toMatchObject({ kind: 'negation' });
    expect(contradictionBetween('The job exports invoices', 'The task does not export invoices')).toBeNull();
  });

  it('calls a negation of a one-word statement', () => {
    expect(contradictionBetween('Retries', 'No retries')).toMatchObject({ kind: 'negation' });
  });

  it('names at most five shared terms', () => {
    expect(contradictionBetween(
      'Redis is required for caching sessions, tokens, carts and previews',
      'Redis is not required for caching sessions, tokens, carts and previews',
    )?.reason).toBe('one statement negates the other (shared terms: redi, required, caching, session, token)');
  });

  it('calls opposite terms with three in five other words shared, not with two in four', () => {
    expect(contradictionBetween('We enabled compression for nightly invoice exports to S3', 'We disabled compression for weekly invoice exports to GCS'))
      .toMatchObject({ kind: 'antonym' });
    expect(contradictionBetween('We enabled compression for nightly invoice exports', 'We disabled compression for weekly receipt exports'))
      .toBeNull();
  });

  it('calls opposite terms about a one-word subject', () => {
    expect(contradictionBetween('Caching is enabled', 'Caching is disabled')).toMatchObject({ kind: 'antonym' });
  });

  // A statement that names both terms is not the opposite of one that names one of them.
  it.each([
    ['Enabled and disabled flags are listed', 'Enabled flags are listed'],
    ['Enabled and disabled flags are listed', 'Disabled flags are listed'],
  ])('leaves %p / %p alone in either order', (a, b) => {
    expect(contradictionBetween(a, b)).toBeNull();
    expect(contradictionBetween(b, a)).toBeNull();
  });

  it('calls different numbers with four in five words shared, not with three in four', () => {
    expect(contradictionBetween('We keep 7 daily backups of the billing database', 'We keep 14 daily backups of the billing replica'))
      .toMatchObject({ kind: 'different_value' });
    expect(contradictionBetween('We keep 7 daily backups of billing', 'We keep 14 daily snapshots of billing')).toBeNull();
  });

  it('needs two words besides the numbers: different issue numbers are different issues', () => {
    expect(contradictionBetween('We keep 7 backups', 'We keep 14 backups')).toMatchObject({ kind: 'different_value' });
    expect(contradictionBetween('Issue 12', 'Issue 14')).toBeNull();
  });

  it('needs a number on both sides: leaving the number out is no contradiction', () => {
    expect(contradictionBetween('We keep 7 daily backups', 'We keep daily backups')).toBeNull();
    expect(contradictionBetween('We keep daily backups', 'We keep 7 daily backups')).toBeNull();
  });

  it('compares values only of a named subject and with content on both sides', () => {
    expect(contradictionBetween('It is cheap', 'It is reliable')).toBeNull();
    expect(contradictionBetween('The next step is this', 'The next step is the security review')).toBeNull();
    expect(contradictionBetween('The next step is the security review', 'The next step is this')).toBeNull();
  });

  it('reads a more detailed value as no contradiction', () => {
    expect(contradictionBetween('The primary database is PostgreSQL', 'The primary database is managed PostgreSQL')).toBeNull();
    expect(contradictionBetween('The primary database is managed PostgreSQL', 'The primary database is PostgreSQL')).toBeNull();
  });
});
