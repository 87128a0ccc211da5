import { deriveEventId } from './event-id.js';

describe('deriveEventId', () => {
  // Pinned: stored events carry these ids, and a redelivered event must map to the same one. The
  // value was computed before canonical JSON moved to @engram/memory (issue 19) and must not change.
  it('gives the id it always gave for the same parts', () => {
    const parts = ['proj', 's-1', '2026-11-23T09:00:00.000Z', 'user_message', 'user', 'hello', { b: [1, undefined, null], a: { z: 'é', y: undefined } }];
    expect(deriveEventId('claude-code', parts)).toBe('claude-code:8a2b06c2f2953dcee9c1ab623cd6827b');
  });

  it('does not depend on key order', () => {
    expect(deriveEventId('a', [{ x: 1, y: 2 }])).toBe(deriveEventId('a', [{ y: 2, x: 1 }]));
  });
});
