import { parseSessionDate, turnContent } from './dataset.js';

describe('conversation dataset parsing', () => {
  it('reads session dates with 12-hour clocks', () => {
    expect(parseSessionDate('1:56 pm on 8 May, 2023').toISOString()).toBe('2023-05-08T13:56:00.000Z');
    expect(parseSessionDate('12:09 am on 13 September, 2023').toISOString()).toBe('2023-09-13T00:09:00.000Z');
    expect(() => parseSessionDate('yesterday')).toThrow(/unrecognised session date/);
  });

  it('appends the shared image caption when there is one', () => {
    expect(turnContent('Ann', 'Look!', 'a photo of a dog')).toBe('Ann: Look! [shares a photo of a dog]');
    expect(turnContent('Ann', 'Hi', undefined)).toBe('Ann: Hi');
  });
});
