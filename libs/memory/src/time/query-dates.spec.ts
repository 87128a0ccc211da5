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
});
