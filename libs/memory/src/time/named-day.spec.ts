import { aroundNamedDay } from './named-day.js';

const window = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
const iso = (w: { from: Date; to: Date }) => `${w.from.toISOString()}..${w.to.toISOString()}`;

describe('a day a question names', () => {
  it('spans the day on each side, from its start in UTC+14 to its end in UTC-12', () => {
    expect(iso(aroundNamedDay(window('2024-01-10T00:00:00Z', '2024-01-11T00:00:00Z'))))
      .toBe('2024-01-08T10:00:00.000Z..2024-01-12T12:00:00.000Z');
  });

  it('leaves a week or a month as it is', () => {
    const week = window('2024-01-08T00:00:00Z', '2024-01-15T00:00:00Z');
    expect(aroundNamedDay(week)).toBe(week);
  });
});
