import { renderMemoryContext } from './memory-context.js';
import type { TocNode } from './toc-node.js';

const node = (nodeId: string, level: TocNode['level'], start: string, title: string, bullets: string[]): TocNode => ({
  project: 'project:p', nodeId, level, parentId: null, start: new Date(start), end: new Date(new Date(start).getTime() + 1_800_000), title,
  bullets: bullets.map((text, i) => ({ text, gripIds: [`grip:${nodeId}-${i}`] })), keywords: [], childIds: [], eventCount: 1, tokenCount: 1,
  summariser: 'extractive', sourceHash: 'h', version: 1, createdAt: new Date(),
});

const periods = [node('month:2026-11', 'month', '2026-11-01T00:00:00Z', 'Nov 2026: billing', ['user: migrate billing'])];
const segments = Array.from({ length: 12 }, (_, i) =>
  node(`segment:${i}`, 'segment', `2026-11-23T${String(20 - i).padStart(2, '0')}:00:00Z`, `Segment ${i}`, [`user: step ${i} of the billing migration, with enough words to cost tokens`]));

describe('renderMemoryContext', () => {
  it('is a pure function of the nodes: same input, same bytes (createdAt does not matter)', () => {
    const a = renderMemoryContext('project:p', periods, segments, 2000);
    const b = renderMemoryContext('project:p', periods.map((p) => ({ ...p, createdAt: new Date(0) })), [...segments], 2000);
    expect(b.text).toBe(a.text);
    expect(a.text.startsWith('# Memory context: project:p\n\n12 recent conversation segments from Monday 23 November 2026 to Monday 23 November 2026. Latest (Monday 23 November 2026): Segment 0.\n')).toBe(true);
    expect(a.text).toContain('\n## month: Nov 2026: billing\n- user: migrate billing [grip:month:2026-11-0]\n');
  });

  it('keeps the newest segments and drops the oldest to fit the budget, saying so', () => {
    const c = renderMemoryContext('project:p', periods, segments, 200);
    expect(c.tokens).toBeLessThanOrEqual(200);
    expect(c.nodeIds[0]).toBe('month:2026-11');
    expect(c.nodeIds.slice(1)).toEqual(segments.slice(0, c.nodeIds.length - 1).map((s) => s.nodeId));
    expect(c.omitted).toBe(segments.length - (c.nodeIds.length - 1));
    expect(c.text).toMatch(/older entries omitted to fit 200 tokens/);
  });

  it('opens with who did what and what is open, and never repeats a bullet', () => {
    const said = (i: number, text: string) => node(`segment:s${i}`, 'segment', `2023-05-0${i}T10:00:00Z`, `talk ${i}`, [text, 'Melanie: that sounds great']);
    const day = node('day:2023-05-09', 'day', '2023-05-09T00:00:00Z', 'day', ['Caroline: I am planning to adopt a child next year', 'Melanie: that sounds great']);
    const c = renderMemoryContext('project:p', [day], [
      said(9, 'Caroline: I am planning to adopt a child next year'),
      said(8, 'Melanie: Last week was wild. I got an endorsement with a popular beverage company!'),
    ], 8000);
    // Who did what (the told events of the latest segments, named), then what is open.
    expect(c.text).toContain('between Melanie, Caroline. Latest, Tuesday 9 May 2023: Caroline is planning to adopt a child next year. '
      + 'Before that, Monday 8 May 2023: Melanie got an endorsement with a popular beverage company. Still open: Caroline is planning to adopt a child next year.');
    expect(c.text).toContain('## Open threads (plans and intentions, newest first)\n- (Tuesday 9 May 2023) Caroline: I am planning to adopt a child next year');
    expect(c.text).toContain('### 2023-05-08 10:00 – 2023-05-08 10:30 UTC (Monday 8 May 2023) · talk 8\n- Melanie: Last week was wild.');
    const bullets = c.text.split('\n').filter((l) => l.startsWith('- ')).map((l) => l.replace(/^- \([^)]*\) /, '').replace(/ \[grip:[^\]]*\]$/, ''));
    expect(new Set(bullets).size).toBe(bullets.length);
    expect(bullets).toHaveLength(3);
  });

  it('shows bullets, not keyword lines: the facts must be in what was said (issue 37)', () => {
    const s = { ...node('segment:s1', 'segment', '2023-05-08T10:00:00Z', 'talk', ['Melanie: we moved from Sweden']), keywords: ['sweden', 'pottery', 'clarinet'] };
    const c = renderMemoryContext('project:p', [], [s], 8000);
    expect(c.text).toContain('- Melanie: we moved from Sweden [grip:segment:s1-0]\n');
    expect(c.text).not.toMatch(/Also mentioned|pottery|clarinet/);
  });

  it('says when there is nothing yet', () => {
    expect(renderMemoryContext('project:p', [], [], 500).text).toBe('# Memory context: project:p\nNo conversation recorded for this project yet.\n');
  });
});
