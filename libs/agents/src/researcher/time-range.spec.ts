import { parseTimeRange } from './time-range.js';

const now = new Date('2026-11-23T12:00:00Z');
const DAY = 86_400_000;

describe(parseTimeRange.name, () => {
  it.each([
    ['recent decisions', new Date(now.getTime() - 7 * DAY), undefined],
    ['what changed last week', new Date(now.getTime() - 7 * DAY), undefined],
    ['incidents in the past 3 days', new Date(now.getTime() - 3 * DAY), undefined],
    ['since March', new Date('2026-03-01T00:00:00Z'), undefined],
    ['since december', new Date('2025-12-01T00:00:00Z'), undefined],
    ['since March 2024', new Date('2024-03-01T00:00:00Z'), undefined],
    ['since 2026-02-14', new Date('2026-02-14T00:00:00Z'), undefined],
    ['decisions made in March', new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z')],
    ['before June', undefined, new Date('2026-06-01T00:00:00Z')],
    ['yesterday', new Date('2026-11-22T00:00:00Z'), new Date('2026-11-23T00:00:00Z')],
    ['today', new Date('2026-11-23T00:00:00Z'), undefined],
  ])('%p', (query, after, before) => {
    const range = parseTimeRange(query, now);
    expect(range?.createdAfter).toEqual(after);
    expect(range?.createdBefore).toEqual(before);
    expect(query.toLowerCase()).toContain(range?.label.toLowerCase());
  });

  it('finds no range in a timeless question', () => {
    expect(parseTimeRange('what database do we use', now)).toBeNull();
  });
});
