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
    expect(s.bullets.length).toBeLessThanOrEqual(3 + 1); // one more per three events
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
    // The title names what happened (the best bullets), not frequent words.
    expect(r.title).toBe('Mon 23 Nov 2026: user: plan the postgres migration of billing; user: restore the billing dump into postgres');
    expect(r.bullets[0]).toEqual({ text: 'user: plan the postgres migration of billing', gripIds: ['grip:s1-0'] });
    expect(r.bullets.map((b) => b.gripIds[0])).toContain('grip:s2-0');
  });
});

describe('extractive summaries that say who did what', () => {
  const summariser = createExtractiveSummariser({ bullets: 3, keywords: 5 });
  const line = (n: number, text: string) => ev(`c${n}`, `2023-05-08T13:${String(10 + n).padStart(2, '0')}:00Z`, text);
  const chat = [
    line(1, 'Caroline: Hey Mel! Good to see you! How have you been?'),
    line(2, 'Melanie: Wow, that is awesome, I love it! So proud of you!'),
    line(3, 'Caroline: I went to a LGBTQ support group yesterday and it was so powerful.'),
    line(4, 'Melanie: Amazing, great, awesome! [shares a photo of a sunset over the lake with kayaks]'),
    line(5, 'Melanie: We moved here from Sweden four years ago when my grandma got sick.'),
    line(6, 'Caroline: Next month I am planning to apply to adoption agencies.'),
  ];

  it('prefers facts over chit-chat, names the speaker, and keeps captions out of bullets', async () => {
    const s = await summariser.summariseSegment({ events: chat, overlap: [] });
    const texts = s.bullets.map((b) => b.text);
    expect(texts).toEqual(expect.arrayContaining([
      // Relative dates carry the date they meant, counted from the turn's own time.
      'Caroline: I went to a LGBTQ support group yesterday (7 May 2023) and it was so powerful.',
      'Melanie: We moved here from Sweden four years ago (2019) when my grandma got sick.',
      'Caroline: Next month (June 2023) I am planning to apply to adoption agencies.',
    ]));
    expect(texts.join(' ')).not.toMatch(/awesome|shares a photo|Hey Mel/);
    expect(s.title).toMatch(/^(Caroline|Melanie): /);
  });

  it('keeps the things talked about as keywords, never chit-chat or contractions', async () => {
    const s = await summariser.summariseSegment({ events: chat, overlap: [] });
    expect(s.keywords).toEqual(expect.arrayContaining(['sweden', 'grandma', 'lgbtq']));
    expect(s.keywords.filter((k) => /^(awesome|amazing|great|proud|love)$|'/.test(k))).toEqual([]);
  });

  it('ranks a statement about oneself over a reaction to the other', async () => {
    const s = await createExtractiveSummariser({ bullets: 1, keywords: 5 }).summariseSegment({ events: [
      line(1, 'Melanie: Your painting of the lake at the festival was a real achievement for you.'),
      line(2, 'Caroline: I painted the lake at the festival with my brushes last spring.'),
    ], overlap: [] });
    expect(s.bullets.map((b) => b.text)).toEqual(['Caroline: I painted the lake at the festival with my brushes last spring (spring 2022).']);
  });

  it('collapses a single-child level instead of repeating its bullets', async () => {
    const only = { nodeId: 'segment:x', level: 'segment' as const, title: 'Caroline: went to a support group', keywords: ['support'], start: new Date(0), end: new Date(0), eventCount: 6,
      bullets: [{ text: 'Caroline: went to a support group', gripIds: ['grip:1'] }] };
    const r = await summariser.rollup({ level: 'day', label: 'Mon 8 May 2023', children: [only] });
    expect(r).toEqual({ title: 'Mon 8 May 2023: Caroline: went to a support group', bullets: [], keywords: ['support'] });
  });
});
