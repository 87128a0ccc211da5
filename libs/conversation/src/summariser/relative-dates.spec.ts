import { anchorRelativeDates, fullDay } from './relative-dates.js';

// Thursday 25 May 2023, 13:00 UTC: the time the turn was said.
const said = new Date('2023-05-25T13:00:00Z');
const anchor = (text: string) => anchorRelativeDates(text, said);

describe('anchorRelativeDates', () => {
  it('spells a day out in full', () => {
    expect(fullDay(said)).toBe('Thursday 25 May 2023');
  });

  it('dates days counted from the turn, not from the clock', () => {
    expect(anchor('I went to a support group yesterday.')).toBe('I went to a support group yesterday (24 May 2023).');
    expect(anchor('I ran a charity race last Sunday')).toBe('I ran a charity race last Sunday (Sunday 21 May 2023)');
    expect(anchor('We adopted him last Thursday')).toBe('We adopted him last Thursday (Thursday 18 May 2023)');
    expect(anchor('see you next Monday')).toBe('see you next Monday (Monday 29 May 2023)');
    expect(anchor('I leave tomorrow')).toBe('I leave tomorrow (26 May 2023)');
  });

  it('names the week, weekend, month or year a phrase meant', () => {
    expect(anchor('I gave a talk last week')).toBe('I gave a talk last week (week of 15 May 2023)');
    expect(anchor('we went camping last weekend')).toBe('we went camping last weekend (weekend of 20 May 2023)');
    expect(anchor('going camping next month')).toBe('going camping next month (June 2023)');
    expect(anchor('I painted that last year')).toBe('I painted that last year (2022)');
    expect(anchor('moved here 4 years ago')).toBe('moved here 4 years ago (2019)');
    expect(anchor('two weeks ago we met')).toBe('two weeks ago (week of 8 May 2023) we met');
    expect(anchor('a few days ago')).toBe('a few days ago (22 May 2023)');
    expect(anchor('last month was busy')).toBe('last month (April 2023) was busy');
  });

  it('crosses year boundaries', () => {
    expect(anchorRelativeDates('last month', new Date('2023-01-10T00:00:00Z'))).toBe('last month (December 2022)');
    expect(anchorRelativeDates('next month', new Date('2023-12-10T00:00:00Z'))).toBe('next month (January 2024)');
  });

  it('leaves text without a relative date, and a phrase already dated, as it is', () => {
    expect(anchor('I love painting sunsets.')).toBe('I love painting sunsets.');
    expect(anchor('last week (week of 15 May 2023) was long')).toBe('last week (week of 15 May 2023) was long');
    expect(anchor('the weekend was long')).toBe('the weekend was long');
  });
});
