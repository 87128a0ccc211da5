import { ev } from '../toc/toc-test-events.js';
import { createExtractiveSummariser } from './extractive-summariser.js';

const summariser = createExtractiveSummariser({ bullets: 3, keywords: 5 });

const events = [
  ev('e1', '2026-11-23T10:00:00Z', 'We need to migrate the billing service from MySQL to Postgres. The pgvector extension matters too.'),
  ev('e2', '2026-11-23T10:01:00Z', 'Agreed. The Postgres migration needs a dump of the billing tables first.', { kind: 'assistant_message', role: 'assistant' }),
  ev('e3', '2026-11-23T10:02:00Z', 'ok', { kind: 'user_message' }),
  ev('e4', '2026-11-23T10:03:00Z', 'Ran pg_dump on billing tables: 42 tables exported in 3 seconds.', { kind: 'tool_result', role: 'tool' }),
  ev('e5', '2026-11-23T10:04:00Z', '', { kind: 'session_end', role: null, text: null }),
];

describe('extractive summariser', () => {
  it('gives a title, bullets backed by grips and keywords, with no network', async () => {
    const s = await summariser.summariseSegment({ events, overlap: [] });
    expect(s.keywords).toContain('billing');
    expect(s.keywords).toContain('postgres');
    expect(s.title).toMatch(/migrate the billing service/);
    expect(s.bullets.length).toBeGreaterThan(0);
    expect(s.bullets.length).toBeLessThanOrEqual(3);
    for (const b of s.bullets) {
      const grip = b.grips[0];
      expect(grip).toBeDefined();
      const source = events.find((e) => e.eventId === grip?.eventIdStart);
      expect(source?.text).toContain(grip?.excerpt.replace(/…$/, ''));
      expect(grip?.source).toMatch(/^claude-code\/s1\//);
    }
  });

  it('is deterministic', async () => {
    expect(await summariser.summariseSegment({ events, overlap: [] })).toEqual(await summariser.summariseSegment({ events: [...events], overlap: [] }));
  });

  it('never cites overlap events (they belong to the previous segment)', async () => {
    const s = await summariser.summariseSegment({ events: events.slice(3), overlap: events.slice(0, 3) });
    expect(s.bullets.length).toBeGreaterThan(0); // an empty list would pass the loop below vacuously
    for (const b of s.bullets) expect(b.grips.map((g) => g.eventIdStart)).toEqual(['e4']);
  });

  it('rolls children up, keeping their grip links and the time order', async () => {
    const child = (id: string, start: string, keywords: string[], bullets: string[]) => ({
      nodeId: id, level: 'segment' as const, title: id, keywords, start: new Date(start), end: new Date(start), eventCount: 10,
      bullets: bullets.map((text, i) => ({ text, gripIds: [`grip:${id}-${i}`] })),
    });
    const r = await summariser.rollup({
      level: 'day', label: 'Mon 23 Nov 2026', children: [
        child('s2', '2026-11-23T14:00:00Z', ['postgres', 'billing', 'dump'], ['user: restore the billing dump into postgres']),
        child('s1', '2026-11-23T10:00:00Z', ['postgres', 'migration', 'billing'], ['user: plan the postgres migration of billing', 'assistant: pgvector too']),
      ],
    });
    expect(r.keywords.slice(0, 2)).toEqual(['postgres', 'billing']);
    expect(r.title).toBe('Mon 23 Nov 2026: postgres, billing, migration');
    expect(r.bullets[0]).toEqual({ text: 'user: plan the postgres migration of billing', gripIds: ['grip:s1-0'] });
    expect(r.bullets.map((b) => b.gripIds[0])).toContain('grip:s2-0');
  });
});
