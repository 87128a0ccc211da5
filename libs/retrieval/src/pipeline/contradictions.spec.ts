import { contradictionBetween, detectContradictions } from './contradictions.js';

describe('contradiction heuristic', () => {
  it.each([
    ['We use PostgreSQL for the job queue.', 'We do not use PostgreSQL for the job queue.'],
    ['The staging cluster is reachable from the office VPN.', "The staging cluster isn't reachable from the office VPN."],
    ['Alice likes long meetings.', 'Alice never likes long meetings.'],
    ['Deploys on Fridays are allowed.', 'Deploys on Fridays are not allowed.'],
    ['Feature flags can be changed without review', 'Feature flags cannot be changed without review'],
  ])('flags the negation %p / %p', (a, b) => {
    expect(contradictionBetween(a, b)).toMatchObject({ kind: 'negation' });
  });

  // "nor" continues a negation; counted as a second one, these read as "A and B".
  it.each([
    ['Staging and production use the old cache', 'Neither staging nor production uses the old cache'],
    ['We use Redis and Kafka', 'We do not use Redis nor Kafka'],
  ])('reads "nor" as part of one negation, not a second one: %p / %p', (a, b) => {
    expect(contradictionBetween(a, b)).toMatchObject({ kind: 'negation' });
  });

  it.each([
    ['Telemetry is enabled in production.', 'Telemetry is disabled in production.'],
    ['The public API is synchronous.', 'The public API is asynchronous.'],
    ['Dark mode is on by default.', 'Dark mode is off by default.'],
  ])('flags the antonyms %p / %p', (a, b) => {
    expect(contradictionBetween(a, b)).toMatchObject({ kind: 'antonym' });
  });

  // Issue 22 bug 3: the verdict must not depend on which of the two statements ranked first.
  it.each([
    ['Telemetry is disabled in production.', 'Telemetry is enabled in production.'],
    ['We disabled the nightly export job', 'We enabled the nightly export job'],
    ['The public API is asynchronous.', 'The public API is synchronous.'],
    ['Dark mode is off by default.', 'Dark mode is on by default.'],
    ['Uploads are rejected without a checksum', 'Uploads are accepted without a checksum'],
  ])('flags the antonyms in either order %p / %p', (a, b) => {
    expect(contradictionBetween(a, b)).toMatchObject({ kind: 'antonym' });
    expect(contradictionBetween(b, a)).toMatchObject({ kind: 'antonym' });
  });

  it.each([
    ['The API timeout is 30 seconds.', 'The API timeout is 60 seconds.'],
    ["Maria's favourite colour is dark green.", "Maria's favourite colour is blue."],
    ['The primary database is PostgreSQL.', 'The primary database is MySQL.'],
    ['We keep 7 daily backups', 'We keep 14 daily backups'],
    ['The cache is Redis\nSee the wiki for the failover steps', 'The cache is Memcached'],
  ])('flags different values %p / %p', (a, b) => {
    expect(contradictionBetween(a, b)).toMatchObject({ kind: 'different_value' });
  });

  it.each([
    ['We use PostgreSQL for the job queue.', 'We use PostgreSQL for the job queue.'],
    ['We use PostgreSQL for the job queue.', 'The office coffee machine is descaled every Monday.'],
    ['Lunch with the design team happens on Fridays.', 'Do not schedule deploys on Mondays.'],
  ])('leaves unrelated or identical statements alone: %p / %p', (a, b) => {
    expect(contradictionBetween(a, b)).toBeNull();
  });

  it('reports pairs with ids and a reason quoting both statements', () => {
    const found = detectContradictions([
      { id: '1', content: 'Redis is required for caching.' },
      { id: '2', content: 'Lunch is at noon.' },
      { id: '3', content: 'Redis is not required for caching.' },
    ]);
    expect(found).toHaveLength(1);
    expect(found[0]?.ids).toEqual(['1', '3']);
    expect(found[0]?.reason).toContain('"Redis is required for caching."');
  });

  it('explains each kind with the words it compared', () => {
    expect(contradictionBetween('Redis is required for caching.', 'Redis is not required for caching.'))
      .toEqual({ kind: 'negation', reason: 'one statement negates the other (shared terms: redi, required, caching)' });
    expect(contradictionBetween('Telemetry is disabled in production.', 'Telemetry is enabled in production.'))
      .toEqual({ kind: 'antonym', reason: 'opposite terms "enabled" / "disabled" about the same thing' });
    expect(contradictionBetween('The primary database is PostgreSQL.', 'The primary database is MySQL.'))
      .toEqual({ kind: 'different_value', reason: 'same subject "primary database" with different values "postgresql" vs "mysql"' });
    expect(contradictionBetween('We keep 7 daily backups', 'We keep 14 daily backups'))
      .toEqual({ kind: 'different_value', reason: 'same statement with different numbers (7 vs 14)' });
  });

  it('quotes every word of a multi-word value and every differing number', () => {
    expect(contradictionBetween('The primary database is managed PostgreSQL.', 'The primary database is hosted MySQL.')?.reason)
      .toBe('same subject "primary database" with different values "managed postgresql" vs "hosted mysql"');
    expect(contradictionBetween('We keep 7 daily backups for 30 days', 'We keep 14 daily backups for 60 days')?.reason)
      .toBe('same statement with different numbers (7, 30 vs 14, 60)');
  });

  it('needs enough shared words: a negated statement about something else is no contradiction', () => {
    expect(contradictionBetween('Redis is required for caching sessions.', 'Kafka is not required for billing exports.')).toBeNull();
    expect(contradictionBetween('Telemetry is enabled in production.', 'Backups are disabled on laptops.')).toBeNull();
    expect(contradictionBetween('We keep 7 daily backups', 'We ship 14 new features')).toBeNull();
    // Double negation is no negation.
    expect(contradictionBetween('Deploys are allowed.', 'Deploys are not never allowed.')).toBeNull();
  });

  it('quotes long statements shortened to 80 characters', () => {
    const long = `Redis is required for caching ${'and more '.repeat(12)}`.trim();
    const [found] = detectContradictions([{ id: 'a', content: long }, { id: 'b', content: long.replace('is required', 'is not required') }]);
    const quoted = /: "(.*)" vs "(.*)"$/.exec(found?.reason ?? '');
    expect(quoted?.[1]).toBe(`${long.slice(0, 79)}…`);
    expect(quoted?.[1]).toHaveLength(80);
    const exact = `Redis is required for caching ${'x'.repeat(50)}`;
    expect(exact).toHaveLength(80);
    const [whole] = detectContradictions([{ id: 'a', content: exact }, { id: 'b', content: exact.replace('is required', 'is not required') }]);
    expect(/: "(.*)" vs "/.exec(whole?.reason ?? '')?.[1]).toBe(exact);
  });
});
