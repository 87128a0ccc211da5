import { bucketFromId, bucketOf, isoWeek, levelOf } from './time-buckets.js';

describe('time buckets', () => {
  it('nests day > week > month > year with readable ids', () => {
    const d = new Date('2026-11-23T10:00:00Z');
    expect(bucketOf('day', d)).toMatchObject({ nodeId: 'day:2026-11-23', parentId: 'week:2026-11-W48', label: 'Mon 23 Nov 2026' });
    expect(bucketOf('week', d)).toMatchObject({ nodeId: 'week:2026-11-W48', parentId: 'month:2026-11' });
    expect(bucketOf('month', d)).toMatchObject({ nodeId: 'month:2026-11', parentId: 'year:2026' });
    expect(bucketOf('year', d)).toMatchObject({ nodeId: 'year:2026', parentId: null });
  });

  it('splits an ISO week that spans two months into one week node per month', () => {
    // 2026-W49 runs Mon 30 Nov .. Sun 6 Dec.
    const nov = bucketOf('week', new Date('2026-11-30T12:00:00Z'));
    const dec = bucketOf('week', new Date('2026-12-02T12:00:00Z'));
    expect([nov.nodeId, dec.nodeId]).toEqual(['week:2026-11-W49', 'week:2026-12-W49']);
    expect(nov.end.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(dec.start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(dec.end.toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });

  it('uses ISO week-years at the turn of the year', () => {
    expect(isoWeek(new Date('2027-01-01T00:00:00Z'))).toEqual({ year: 2026, week: 53 });
    expect(bucketOf('week', new Date('2027-01-01T00:00:00Z')).nodeId).toBe('week:2027-01-W53');
  });

  it('parses ids back into the same buckets and rejects others', () => {
    for (const id of ['year:2026', 'month:2026-02', 'week:2026-12-W49', 'day:2026-02-28', 'week:2027-01-W53']) {
      expect(bucketFromId(id).nodeId).toBe(id);
    }
    expect(() => levelOf('decade:2020')).toThrow(/not a TOC node id/);
    expect(() => bucketFromId('day:2026-1-1')).toThrow(/malformed/);
  });
});
