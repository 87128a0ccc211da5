import type { Thought } from './chain-model.js';
import { revisionPatterns, summariseChain } from './chain-summary.js';

const at = new Date('2026-11-23T00:00:00Z');
const t = (number: number, content: string, extra: Partial<Thought> = {}): Thought =>
  ({ number, content, revises: null, branchId: null, branchFrom: null, createdAt: at, ...extra });

describe('chain summary', () => {
  const thoughts = [
    t(1, 'cache every query result'),
    t(2, 'cache only hot PRD contexts, validated by revision', { revises: 1 }),
    t(3, 'try an ETS-like table', { branchId: 'alt', branchFrom: 1 }),
    t(4, 'use an in-process LRU'),
  ];

  it('concludes with the last main-line thought and counts the shape', () => {
    expect(summariseChain({ query: 'how to cache PRD contexts?' }, thoughts)).toBe(
      'Reasoning on "how to cache PRD contexts?" concluded: use an in-process LRU (4 thoughts, 1 revisions, 1 branches)');
  });

  it('turns each revision into a pattern naming the original and the revision', () => {
    expect(revisionPatterns({ query: 'caching' }, thoughts)).toEqual([{
      revisedNumber: 1, revisionNumber: 2,
      content: 'When reasoning about "caching", the initial approach "cache every query result" needed revision to "cache only hot PRD contexts, validated by revision"',
    }]);
  });
});
