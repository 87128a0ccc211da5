import { InvalidFilterError } from './errors.js';
import { decodeCursor, encodeCursor, pageSize } from './pagination.js';

describe('keyset cursor', () => {
  it('round-trips a position as an opaque base64url string', () => {
    const pos = { createdAt: new Date('2026-01-02T03:04:05.678Z'), id: '00000000-0000-4000-8000-000000000001' };
    const cursor = encodeCursor(pos);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(pos);
  });

  it('rejects tampered cursors', () => {
    expect(() => decodeCursor('not-a-cursor')).toThrow(InvalidFilterError);
    expect(() => decodeCursor(Buffer.from('{"t":"x","i":1}').toString('base64url'))).toThrow(InvalidFilterError);
  });

  it('clamps page sizes', () => {
    expect(pageSize(undefined)).toBe(100);
    expect(pageSize(5000)).toBe(1000);
    expect(() => pageSize(0)).toThrow(InvalidFilterError);
  });
});
