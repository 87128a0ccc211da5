import { ev } from '../toc/toc-test-events.js';
import { createExtractiveSummariser } from './extractive-summariser.js';
import { voiceFactor } from './sentence-scoring.js';
import type { ChildSummary, RollupSummary } from './summariser.js';
import type { TocLevel } from '../toc/time-buckets.js';

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
    // The title names told events with their actor.
    expect(s.title).toMatch(/^(Caroline|Melanie)\b/);
    expect(s.title).toContain('Caroline is planning to apply to adoption agencies');
  });

  it('keeps the things talked about as keywords, never chit-chat or contractions', async () => {
    const s = await summariser.summariseSegment({ events: chat, overlap: [] });
    expect(s.keywords).toEqual(expect.arrayContaining(['sweden', 'grandma', 'lgbtq']));
    expect(s.keywords.filter((k) => /^(awesome|amazing|great|proud|love)$|'/.test(k))).toEqual([]);
  });

  it('ranks a statement about oneself over a reaction to the other', () => {
    expect(voiceFactor('I painted the lake at the festival with my brushes last spring.'))
      .toBeGreaterThan(voiceFactor('Your painting of the lake at the festival was a real achievement for you.'));
  });
});

/** A child node as a rollup sees it. */
const childOf = (nodeId: string, level: TocLevel, start: string, title: string, bullets: string[], keywords: string[] = []): ChildSummary => ({
  nodeId, level, title, keywords, start: new Date(start), end: new Date(start), eventCount: 10,
  bullets: bullets.map((text, i) => ({ text, gripIds: [`grip:${nodeId}-${i}`] })),
});

describe('extractive summaries keep the fact of a turn (issue 37)', () => {
  const summariser = createExtractiveSummariser({ bullets: 2, keywords: 5 });
  const line = (n: number, text: string) => ev(`t${n}`, `2023-05-08T13:${String(10 + n).padStart(2, '0')}:00Z`, text);

  it('keeps a fact that is not the first sentence of its turn, over the chit-chat around it', async () => {
    const s = await summariser.summariseSegment({ events: [
      line(1, 'Tim: Hey John! Last week was wild - something incredible happened. I got an endorsement with a popular beverage company!'),
      line(2, 'John: Wow, that is amazing, congrats! So happy for you!'),
      line(3, 'John: My team had a tough season. All that hard work and effort was totally worth it. We even won a trophy!'),
    ], overlap: [] });
    const said = s.bullets.map((b) => b.text).join('\n');
    expect(said).toContain('I got an endorsement with a popular beverage company!');
    expect(said).toContain('We even won a trophy!');
    expect(said).not.toMatch(/something incredible happened|totally worth it|congrats/);
  });

  it('completes a sentence that points at what was shared with the shared thing', async () => {
    const s = await summariser.summariseSegment({ events: [
      line(1, 'Melanie: The kids loved the pottery class. They made this! [shares a photo of a cup with a dog face on it]'),
    ], overlap: [] });
    expect(s.bullets.map((b) => b.text).join(' ')).toContain('They made this (a photo of a cup with a dog face on it)');
    // The grip's excerpt is what was said, found in the event.
    expect(s.bullets[0]?.grips[0]?.excerpt).toBe('The kids loved the pottery class. They made this!');
  });
});

describe('extractive rollups (issue 37)', () => {
  const summariser = createExtractiveSummariser({ bullets: 3, keywords: 5 });

  it('carries the most informative bullets of its children at every level', async () => {
    const r = await summariser.rollup({ level: 'week', label: 'Week 19, May 2023', children: [
      childOf('day:2023-05-08', 'day', '2023-05-08T00:00:00Z', 'Mon 8 May 2023: Tim got an endorsement', [
        'Tim: It was tough, but special.', 'Tim: I got an endorsement with a popular beverage company!'], ['tough', 'work', 'special']),
      childOf('day:2023-05-10', 'day', '2023-05-10T00:00:00Z', 'Wed 10 May 2023: John won a trophy', [
        'John: All that work was special.', 'John: We won the regional basketball trophy in Chicago!'], ['tough', 'work', 'special']),
    ] });
    expect(r.bullets.map((b) => b.text)).toEqual(expect.arrayContaining([
      'Tim: I got an endorsement with a popular beverage company!', 'John: We won the regional basketball trophy in Chicago!']));
    expect(r.bullets.find((b) => b.text.startsWith('Tim: I got'))?.gripIds).toEqual(['grip:day:2023-05-08-1']);
  });

  it('names events in its title, not frequent words', async () => {
    const r = await summariser.rollup({ level: 'month', label: 'Oct 2023', children: [
      childOf('week:a', 'week', '2023-10-02T00:00:00Z', 'a', ['Tim: Work was tough but special.', 'Tim: I got an endorsement with a popular beverage company!'], ['tough', 'work', 'special']),
      childOf('week:b', 'week', '2023-10-09T00:00:00Z', 'b', ['John: Such a special week of hard work.', 'John: My son broke his arm at the skate park.'], ['tough', 'work', 'special']),
    ] });
    expect(r.title).toBe("Oct 2023: Tim got an endorsement with a popular beverage company; John's son broke his arm at the skate park");
    expect(r.title).not.toMatch(/tough|special/);
  });

  it('never repeats or embeds its child\'s title, however many levels have one child', async () => {
    const segment = await summariser.summariseSegment({ events: [
      ev('e1', '2026-11-27T10:00:00Z', 'Tim: I got an endorsement with a popular beverage company!'),
      ev('e2', '2026-11-27T10:01:00Z', 'John: We even won a trophy at the state finals in Denver!'),
      ev('e3', '2026-11-27T10:02:00Z', 'Tim: I signed the contract with the sponsor on Monday.'),
      ev('e4', '2026-11-27T10:03:00Z', 'John: I bought new running shoes for the marathon in March.'),
      ev('e5', '2026-11-27T10:04:00Z', 'Tim: My sister moved to Lisbon for her new job.'),
      ev('e6', '2026-11-27T10:05:00Z', 'John: I started reading a book about the history of Rome.'),
    ], overlap: [] });
    let child: ChildSummary = {
      nodeId: 'segment:x', level: 'segment', title: segment.title, keywords: segment.keywords, start: new Date('2026-11-27T10:00:00Z'), end: new Date('2026-11-27T10:05:00Z'), eventCount: 6,
      bullets: segment.bullets.map((b, i) => ({ text: b.text, gripIds: [`grip:${i}`] })),
    };
    const labels: [TocLevel, string][] = [['day', 'Fri 27 Nov 2026'], ['week', 'Week 48, Nov 2026'], ['month', 'Nov 2026'], ['year', '2026']];
    const titles = [child.title];
    for (const [level, label] of labels) {
      const r: RollupSummary = await summariser.rollup({ level: level as Exclude<TocLevel, 'segment'>, label, children: [child] });
      const about = (t: string) => t.replace(/^[^:]*\d{4}: /, '');
      // Neither the child's label nor what its title says after the label comes back in the parent's title.
      expect(r.title.startsWith(`${label}: `)).toBe(true);
      expect(about(r.title)).not.toContain(about(child.title));
      for (const [, any] of labels) expect(r.title.slice(label.length + 2)).not.toContain(`${any}:`);
      expect(r.bullets.length).toBeGreaterThan(0);
      titles.push(r.title);
      child = { ...child, nodeId: `${level}:x`, level, title: r.title, bullets: r.bullets, keywords: r.keywords };
    }
    // Each level names new events while its only child has some left (six told events, two per title).
    expect(new Set(titles.slice(0, 3).map((t) => t.replace(/^[^:]*\d{4}: /, ''))).size).toBe(3);
  });
});
