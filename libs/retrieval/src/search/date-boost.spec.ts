import { boostDated, DATE_BOOST, dateBoostOf, datedWindows, readWindows } from './date-boost.js';

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
    // The day after (and before) a named day: the boost of a two-day span; two days off: nothing.
    expect(dateBoostOf(at('2023-10-14T00:00:00Z'), [day!])).toBe(DATE_BOOST / 2);
    expect(dateBoostOf(at('2023-10-12T23:00:00Z'), [day!])).toBe(DATE_BOOST / 2);
    expect(dateBoostOf(at('2023-10-15T11:00:00Z'), [day!])).toBe(DATE_BOOST / 2);
    expect(dateBoostOf(at('2023-10-15T12:00:00Z'), [day!])).toBe(0);
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

  it('lifts a memory whose text names the window relative to its own date, by the wider of the two', () => {
    const [march] = datedWindows('what did John attend in March 2023?', now);
    const [day] = datedWindows('what did Nate do on 25 May, 2022?', now);
    const april = at('2023-04-12T10:00:00Z');
    const lastMonth = [{ from: at('2023-03-01T00:00:00Z'), to: at('2023-04-01T00:00:00Z') }];
    expect(dateBoostOf(april, [march!])).toBe(0);
    expect(dateBoostOf(april, [march!], lastMonth)).toBe(DATE_BOOST / 4);
    // "yesterday" said on 26 May names the day; "last week" said on 28 May only the week before it.
    const may26 = at('2022-05-26T09:00:00Z');
    expect(dateBoostOf(may26, [day!], [{ from: at('2022-05-25T00:00:00Z'), to: at('2022-05-26T00:00:00Z') }])).toBe(DATE_BOOST);
    expect(dateBoostOf(at('2022-05-28T09:00:00Z'), [day!], [{ from: at('2022-05-16T00:00:00Z'), to: at('2022-05-23T00:00:00Z') }])).toBe(0);
    expect(dateBoostOf(may26, [day!], [{ from: at('2022-05-23T00:00:00Z'), to: at('2022-05-30T00:00:00Z') }])).toBe(DATE_BOOST / 2);
    // "last year" is no date: a year-long span lifts nothing.
    expect(dateBoostOf(at('2022-05-28T09:00:00Z'), [day!], [{ from: at('2021-01-01T00:00:00Z'), to: at('2022-01-01T00:00:00Z') }, { from: at('2022-01-01T00:00:00Z'), to: at('2023-01-01T00:00:00Z') }])).toBe(0);
  });

  it('reads the times a hit\'s text names against the hit\'s own date', () => {
    const windows = datedWindows('what did John attend in March 2023?', now);
    const hits = [
      { row: { id: 'a', valid_from: '2023-04-12T10:00:00Z', content: 'John: my colleagues and I went to a convention last month' }, score: 0.55 },
      { row: { id: 'b', valid_from: '2023-04-12T10:00:00Z', content: 'John: we went to a convention' }, score: 0.6 },
      { row: { id: 'c', valid_from: '2024-04-12T10:00:00Z', content: 'John: a convention last month' }, score: 0.5 },
    ];
    expect(boostDated(hits, windows).map((h) => h.row.id)).toEqual(['a', 'b', 'c']);
  });

  it.each([
    ['yesterday', '2023-05-07'], ['Today', '2023-05-08'], ['two weeks ago', '2023-04-25'], ['last week', '2023-05-02'],
    ['on 7 May', '2023-05-07'], ['May 7th', '2023-05-07'], ['last month', '2023-04-10'], ['in April 2023', '2023-04-10'],
  ])('finds the time a turn names with "%s"', (phrase, day) => {
    const window = { from: at(`${day}T00:00:00Z`), to: at(`${day}T23:59:59Z`) };
    const hit = { row: { id: 'a', valid_from: '2023-05-08T10:00:00Z', content: `Nate: we did it ${phrase}, it was great` }, score: 0.5 };
    expect(boostDated([hit], [window])[0]!.score).toBeGreaterThan(0.5);
  });

  it('reads a named day with the day on each side in any time zone, and wider windows as they are', () => {
    const [day, month] = [...datedWindows('on 13 October 2023', now), ...datedWindows('in October 2023', now)];
    const iso = (w: { from: Date; to: Date }) => `${w.from.toISOString().slice(0, 13)}..${w.to.toISOString().slice(0, 13)}`;
    expect(readWindows([day!, month!]).map(iso)).toEqual(['2023-10-11T10..2023-10-15T12', '2023-10-01T00..2023-11-01T00']);
  });

  it('lifts a message sent after midnight UTC on the second day after a named day: the evening after, in the Americas', () => {
    const [day] = datedWindows('what did Kevin watch on the night of 10.01.2024?', now);
    // 01:04 UTC on 12 January is the evening of 11 January in Florida: the day after the named one.
    expect(dateBoostOf(at('2024-01-12T01:04:17Z'), [day!])).toBe(DATE_BOOST / 2);
    expect(dateBoostOf(at('2024-01-12T13:00:00Z'), [day!])).toBe(0);
    // The day before, from its start in UTC+14.
    expect(dateBoostOf(at('2024-01-08T10:30:00Z'), [day!])).toBe(DATE_BOOST / 2);
    expect(dateBoostOf(at('2024-01-08T09:30:00Z'), [day!])).toBe(0);
  });
});
