import { segmentEvents } from './segmentation.js';
import { tocConfig } from './toc-config.js';
import { ev } from './toc-test-events.js';

const config = tocConfig();
const ids = (es: { eventId: string }[]) => es.map((e) => e.eventId);

describe('segmentEvents', () => {
  it('cuts after a silence longer than 30 minutes and carries the last 5 minutes over', () => {
    const segs = segmentEvents([
      ev('e1', '2026-11-23T10:00:00Z', 'a'), ev('e2', '2026-11-23T10:29:00Z', 'b'),
      ev('e3', '2026-11-23T11:00:00Z', 'c'), // 31 minutes later
    ], config);
    expect(segs.map((s) => ids(s.events))).toEqual([['e1', 'e2'], ['e3']]);
    expect(ids(segs[1]?.overlap ?? [])).toEqual(['e2']);
  });

  it('does not cut at exactly 30 minutes', () => {
    const segs = segmentEvents([ev('e1', '2026-11-23T10:00:00Z', 'a'), ev('e2', '2026-11-23T10:30:00Z', 'b')], config);
    expect(segs).toHaveLength(1);
  });

  it('cuts before the token budget is passed and overlaps the previous tail (5 min, 500 tokens)', () => {
    const segs = segmentEvents([
      ev('e1', '2026-11-23T10:00:00Z', 'x', { tokens: 3000 }),
      ev('e2', '2026-11-23T10:01:00Z', 'x', { tokens: 300 }),
      ev('e3', '2026-11-23T10:02:00Z', 'x', { tokens: 150 }),
      ev('e4', '2026-11-23T10:03:00Z', 'x', { tokens: 1000 }), // 3450 + 1000 > 4000
    ], config);
    expect(segs.map((s) => ids(s.events))).toEqual([['e1', 'e2', 'e3'], ['e4']]);
    expect(ids(segs[1]?.overlap ?? [])).toEqual(['e2', 'e3']); // e1 would pass 500 tokens
    expect(segs[0]?.tokens).toBe(3450);
  });

  it('limits the overlap to the last 5 minutes of the previous segment', () => {
    const small = tocConfig({ segmentMaxTokens: 30 });
    const segs = segmentEvents([
      ev('e1', '2026-11-23T10:00:00Z', 'x', { tokens: 10 }),
      ev('e2', '2026-11-23T10:20:00Z', 'x', { tokens: 10 }),
      ev('e3', '2026-11-23T10:21:00Z', 'x', { tokens: 10 }),
      ev('e4', '2026-11-23T10:22:00Z', 'x', { tokens: 10 }),
    ], small);
    expect(segs.map((s) => ids(s.events))).toEqual([['e1', 'e2', 'e3'], ['e4']]);
    expect(ids(segs[1]?.overlap ?? [])).toEqual(['e2', 'e3']);
  });

  it('never lets a segment cross a UTC day and never overlaps across days', () => {
    const segs = segmentEvents([ev('e1', '2026-11-23T23:55:00Z', 'a'), ev('e2', '2026-11-24T00:05:00Z', 'b')], config);
    expect(segs.map((s) => s.dayId)).toEqual(['day:2026-11-23', 'day:2026-11-24']);
    expect(segs[1]?.overlap).toEqual([]);
  });

  it('is deterministic: input order does not matter, ties break by ingestion order', () => {
    const events = [
      ev('e3', '2026-11-23T10:05:00Z', 'c', { seq: 3 }), ev('e1', '2026-11-23T10:00:00Z', 'a', { seq: 1 }),
      ev('e2', '2026-11-23T10:05:00Z', 'b', { seq: 2 }), ev('e4', '2026-11-23T12:00:00Z', 'd', { seq: 4 }),
    ];
    const a = segmentEvents(events, config);
    const b = segmentEvents([...events].reverse(), config);
    expect(a).toEqual(b);
    expect(ids(a[0]?.events ?? [])).toEqual(['e1', 'e2', 'e3']);
    expect(a[0]?.nodeId).toMatch(/^segment:2026-11-23T10:00:00\.000Z~[0-9a-f]{10}$/);
  });

  it('refuses nonsense settings', () => {
    expect(() => tocConfig({ segmentMaxTokens: 0 })).toThrow(/segmentMaxTokens/);
    expect(() => tocConfig({ overlapMinutes: -1 })).toThrow(/overlapMinutes/);
  });
});
