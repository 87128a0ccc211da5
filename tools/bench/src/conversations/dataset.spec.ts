import { evidenceIds, parseSessionDate, turnContent } from './dataset.js';

describe('conversation dataset parsing', () => {
  it('reads session dates with 12-hour clocks', () => {
    expect(parseSessionDate('1:56 pm on 8 May, 2023').toISOString()).toBe('2023-05-08T13:56:00.000Z');
    expect(parseSessionDate('12:09 am on 13 September, 2023').toISOString()).toBe('2023-09-13T00:09:00.000Z');
    expect(() => parseSessionDate('yesterday')).toThrow(/unrecognised session date/);
  });

  it('reads ISO local message times (REALTALK) as UTC', () => {
    expect(parseSessionDate('2023-12-29T22:42:04').toISOString()).toBe('2023-12-29T22:42:04.000Z');
  });

  it('normalises evidence as written: packed ids, ranges, stray dots, ids the chat lacks', () => {
    const known = new Set(['D12:3', 'D12:4', 'D12:5', 'D13:4', 'D14:4', 'D8:6', 'D9:17']);
    expect(evidenceIds(['D13:4. D14:4'], known)).toEqual(['D13:4', 'D14:4']);
    expect(evidenceIds(['D8:6; D9:17', 'D8:6'], known)).toEqual(['D8:6', 'D9:17']);
    expect(evidenceIds(['D12:3-D12:5'], known)).toEqual(['D12:3', 'D12:4', 'D12:5']);
    expect(evidenceIds(['D12:3-5', 'D99:1', 'D12:4.'], known)).toEqual(['D12:3', 'D12:4', 'D12:5']);
  });

  it('appends the shared image caption when there is one', () => {
    expect(turnContent('Ann', 'Look!', 'a photo of a dog')).toBe('Ann: Look! [shares a photo of a dog]');
    expect(turnContent('Ann', 'Hi', undefined)).toBe('Ann: Hi');
  });
});
