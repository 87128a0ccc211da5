import { boostDated, DATE_BOOST, dateBoostOf, datedWindows } from './date-boost.js';

const now = new Date('2026-11-26T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('dates named in a query', () => {
  it('keeps day, week and month windows and drops years ("in 2023" names no memory)', () => {
    expect(datedWindows('what did she paint on October 13, 2023?', now).map((w) => w.from.toISOString())).toEqual(['2023-10-13T00:00:00.000Z']);
    expect(datedWindows('what happened in May 2023?', now)).toHaveLength(1);
    expect(datedWindows('what happened in 2023?', now)).toEqual([]);
    expect(datedWindows('what did we decide about the cache?', now)).toEqual([]);
  });

  it('lifts a day most, a week half as much, a month a quarter, nothing outside', () => {
    const [day] = datedWindows('on 13 October 2023', now);
    const [month] = datedWindows('in October 2023', now);
    expect(dateBoostOf(at('2023-10-13T18:30:00Z'), [day!])).toBe(DATE_BOOST);
    expect(dateBoostOf(at('2023-10-14T00:00:00Z'), [day!])).toBe(0);
    expect(dateBoostOf(at('2023-10-02T00:00:00Z'), [month!])).toBe(DATE_BOOST / 4);
    expect(dateBoostOf(at('2023-10-02T00:00:00Z'), [day!, month!])).toBe(DATE_BOOST / 4);
    expect(dateBoostOf(at('2023-10-13T01:00:00Z'), [month!, day!])).toBe(DATE_BOOST);
  });

  it('re-sorts hits with dated ones lifted towards 1, scores staying in [0, 1]', () => {
    const windows = datedWindows('on October 13, 2023', now);
    const hits = [
      { row: { id: 'a', valid_from: '2023-09-01T10:00:00Z' }, score: 0.6 },
      { row: { id: 'b', valid_from: '2023-10-13T10:00:00Z' }, score: 0.3 },
      { row: { id: 'c', valid_from: '2023-10-13T11:00:00Z' }, score: 1 },
    ];
    const out = boostDated(hits, windows);
    expect(out.map((h) => h.row.id)).toEqual(['c', 'b', 'a']);
    expect(out.map((h) => h.score)).toEqual([1, 0.3 + DATE_BOOST * 0.7, 0.6]);
    expect(boostDated(hits, [])).toBe(hits);
  });
});
