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
    expect(contradictionBetween('The nightly job exports invoices', 'The nightly task does not export invoices')?.reason)
      .toBe('one statement negates the other (shared terms: nightly, export, invoice)');
  });

  it('reads two negated statements, or a repeated negation, as agreeing', () => {
    expect(contradictionBetween('Deploys are not allowed on Fridays', 'Deploys are never allowed on Fridays')).toBeNull();
    expect(contradictionBetween('Deploys are not never allowed.', 'Deploys are allowed.')).toBeNull();
    expect(contradictionBetween('Deploys are not allowed, not on Fridays', 'Deploys on Fridays are not allowed')).toBeNull();
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

  // The words left besides the opposite terms are compared, not the opposite terms themselves.
  it.each([
    ['We enabled compression for invoice exports', 'We disabled compression for weekly receipt exports to GCS'],
    ['We disabled compression for weekly receipt exports to GCS', 'We enabled compression for invoice exports'],
  ])('calls opposite terms with two in three other words shared: %p / %p', (a, b) => {
    expect(contradictionBetween(a, b)).toMatchObject({ kind: 'antonym' });
  });

  it('needs both opposite terms: one of them alone is no contradiction', () => {
    expect(contradictionBetween('We disabled telemetry in production', 'We collect telemetry in production')).toBeNull();
    expect(contradictionBetween('We collect telemetry in production', 'We disabled telemetry in production')).toBeNull();
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

  // Words like "s3" hold a digit but are words, not numbers.
  it('counts words with digits inside as words', () => {
    expect(contradictionBetween('7 copies in S3', '14 daily copies in S3')).toMatchObject({ kind: 'different_value' });
    expect(contradictionBetween('14 daily copies in S3', '7 copies in S3')).toMatchObject({ kind: 'different_value' });
  });

  it('needs a number on both sides: leaving the number out is no contradiction', () => {
    expect(contradictionBetween('We keep 7 daily backups', 'We keep daily backups')).toBeNull();
    expect(contradictionBetween('We keep daily backups', 'We keep 7 daily backups')).toBeNull();
  });

  it('compares values only of a named subject and with content on both sides', () => {
    expect(contradictionBetween('Lunch happens at noon', 'The cache is Redis')).toBeNull();
    expect(contradictionBetween('The cache is Redis', 'Lunch happens at noon')).toBeNull();
    expect(contradictionBetween('It is cheap', 'It is reliable')).toBeNull();
    expect(contradictionBetween('The next step is this', 'The next step is the security review')).toBeNull();
    expect(contradictionBetween('The next step is the security review', 'The next step is this')).toBeNull();
  });

  // " is Redis" has a value but no words before its verb, so no subject to compare.
  it('compares no value of a statement without a subject, and does not throw on it', () => {
    expect(contradictionBetween(' is Redis', 'The cache is Memcached')).toBeNull();
    expect(contradictionBetween('The cache is Memcached', ' is Redis')).toBeNull();
  });

  it('reads a more detailed value as no contradiction', () => {
    expect(contradictionBetween('The primary database is PostgreSQL', 'The primary database is managed PostgreSQL')).toBeNull();
    expect(contradictionBetween('The primary database is managed PostgreSQL', 'The primary database is PostgreSQL')).toBeNull();
  });
});
