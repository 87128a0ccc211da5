import { windowsIn } from './query-dates.js';

const ref = new Date('2023-10-20T12:00:00Z');
const days = (text: string) => windowsIn(text, ref).map((w) => `${w.from.toISOString().slice(0, 10)}..${w.to.toISOString().slice(0, 10)}`);

describe('dates named in a search text', () => {
  it('reads absolute days with and without a year, either order', () => {
    expect(days('What happened on October 13?')).toEqual(['2023-10-13..2023-10-14']);
    expect(days('on 13 October 2022')).toEqual(['2022-10-13..2022-10-14']);
    expect(days('Oct 13th, 2021 and the 2nd of May')).toEqual(['2023-05-02..2023-05-03', '2021-10-13..2021-10-14']);
    // A day later in the year than the reference is last year's.
    expect(days('December 24')).toEqual(['2022-12-24..2022-12-25']);
  });

  it('reads months and years', () => {
    expect(days('in May 2023')).toEqual(['2023-05-01..2023-06-01']);
    expect(days('last May')).toEqual(['2023-05-01..2023-06-01']);
    expect(days('what did we do in November')).toEqual(['2022-11-01..2022-12-01']);
    expect(days('in 2022')).toEqual(['2022-01-01..2023-01-01']);
  });

  it('reads relative dates against the conversation\'s own newest time', () => {
    expect(days('yesterday')).toEqual(['2023-10-19..2023-10-20']);
    expect(days('last week')).toEqual(['2023-10-09..2023-10-16']);
    expect(days('two weeks ago')).toEqual(['2023-10-02..2023-10-09']);
    expect(days('last month')).toEqual(['2023-09-01..2023-10-01']);
  });

  it('ignores words that only look like dates', () => {
    expect(days('May I ask what you may have planned?')).toEqual([]);
    expect(days('she has 3 kids and 45 books')).toEqual([]);
  });

  it('reads numeric dates: ISO, day-first with dots, month-first with slashes unless impossible', () => {
    expect(days('on 2024-01-10')).toEqual(['2024-01-10..2024-01-11']);
    expect(days('on 10.01.2024 with her friends')).toEqual(['2024-01-10..2024-01-11']);
    expect(days('on 1/10/2024')).toEqual(['2024-01-10..2024-01-11']);
    expect(days('on 25/12/2023')).toEqual(['2023-12-25..2023-12-26']);
    // No 31 February: only the year is read.
    expect(days('version 1.2.3 on 31.02.2024')).toEqual(['2024-01-01..2025-01-01']);
  });

  it('reads ordinal weeks of a month or year', () => {
    expect(days('in the first week of 2024')).toEqual(['2024-01-01..2024-01-08']);
    expect(days('the second week of March 2023')).toEqual(['2023-03-08..2023-03-15']);
    expect(days('the last week of 2023')).toEqual(['2023-12-25..2024-01-01']);
  });

  it('reads what people say about the days around a message (the reference is a Friday)', () => {
    expect(days('tomorrow')).toEqual(['2023-10-21..2023-10-22']);
    expect(days('last Sunday')).toEqual(['2023-10-15..2023-10-16']);
    expect(days('next Monday')).toEqual(['2023-10-23..2023-10-24']);
    expect(days('on Thursday')).toEqual(['2023-10-19..2023-10-20']);
    expect(days('this weekend')).toEqual(['2023-10-21..2023-10-23']);
    expect(days('last weekend')).toEqual(['2023-10-14..2023-10-16']);
    expect(days('next week')).toEqual(['2023-10-23..2023-10-30']);
    // Calendar weeks, as "two weeks ago" reads them.
    expect(days('in two weeks')).toEqual(['2023-10-30..2023-11-06']);
  });

  it('bends a date by the words before it', () => {
    expect(days('shortly before 7 Jan 2024')).toEqual(['2023-12-24..2024-01-08']);
    expect(days('after 3 May 2023')).toEqual(['2023-05-03..2023-05-18']);
    expect(days('the week after 3 May 2023')).toEqual(['2023-05-04..2023-05-11']);
    expect(days('the day before 3 May 2023')).toEqual(['2023-05-02..2023-05-03']);
    expect(days('as of September 2023')).toEqual(['2023-08-02..2023-10-01']);
  });
});
