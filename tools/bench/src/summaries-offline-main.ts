// Offline (see tools/bench/summaries-offline.mjs): the extractive TOC of each LoCoMo dev conversation built in memory (no database), the
// memory-context rendered from it, and the answer measure with and without the keyword lines.
import { resolve } from 'node:path';
import { defaultDataset } from './conversations/options.js';
import { loadConversations } from './locomo/dataset.js';
import { contentWords, coveredSessions, evidenceSessions, holdsAnswer } from './locomo/measures.js';
import { createExtractiveSummariser } from '../../../libs/conversation/src/summariser/extractive-summariser.js';
import { segmentEvents } from '../../../libs/conversation/src/toc/segmentation.js';
import { bucketOf, dayId } from '../../../libs/conversation/src/toc/time-buckets.js';
import { DEFAULT_TOC_CONFIG } from '../../../libs/conversation/src/toc/toc-config.js';
import { rollupNode, segmentNode, type TocNodeDraft } from '../../../libs/conversation/src/toc/toc-node.js';
import { renderMemoryContext } from '../../../libs/conversation/src/toc/memory-context.js';
import type { TocNode } from '../../../libs/conversation/src/toc/toc-node.js';

const path = resolve(process.argv[2] ?? defaultDataset(process.cwd(), 'locomo-dev.json') ?? 'locomo-dev.json');
const dump = process.argv[3];
const s = createExtractiveSummariser({ bullets: DEFAULT_TOC_CONFIG.bulletsPerNode, keywords: DEFAULT_TOC_CONFIG.keywordsPerNode });
let eligAll = 0, heldAll = 0, heldNoKw = 0, ceil = 0;
const asNode = (d: TocNodeDraft): TocNode => ({ ...d, version: 1, createdAt: new Date(0) });
for (const c of loadConversations(path)) {
  const events = c.turns.map((t, i) => ({ eventId: t.eventId, ts: t.ts, seq: i, kind: t.speaker === c.speakers[0] ? 'user_message' : 'assistant_message', role: t.speaker === c.speakers[0] ? 'user' : 'assistant', text: t.text, tokens: null, agent: null, sessionId: `${c.sampleId}-session-${t.session}` }));
  const byDay = new Map<string, typeof events>();
  for (const e of events) byDay.set(dayId(e.ts), [...(byDay.get(dayId(e.ts)) ?? []), e]);
  const segs: TocNodeDraft[] = [];
  const levels: Record<string, Map<string, TocNodeDraft[]>> = { day: new Map(), week: new Map(), month: new Map(), year: new Map() };
  const nodes: TocNodeDraft[] = [];
  for (const [, evs] of byDay) {
    for (const seg of segmentEvents(evs, DEFAULT_TOC_CONFIG)) {
      const { node } = segmentNode(c.project, seg, await s.summariseSegment(seg), 'extractive', 'h');
      segs.push(node);
      const d = levels.day!;
      d.set(seg.dayId, [...(d.get(seg.dayId) ?? []), node]);
    }
  }
  const up = { day: 'week', week: 'month', month: 'year' } as const;
  for (const level of ['day', 'week', 'month', 'year'] as const) {
    for (const [id, children] of levels[level]!) {
      const b = bucketOf(level, children[0]!.start);
      const sum = await s.rollup({ level, label: b.label, children: children.map((x) => ({ nodeId: x.nodeId, level: x.level, title: x.title, bullets: x.bullets, keywords: x.keywords, start: x.start, end: x.end, eventCount: x.eventCount })) });
      const n = rollupNode(c.project, { ...b, nodeId: id }, children, sum, 'extractive');
      nodes.push(n);
      if (level !== 'year') {
        const pid = bucketOf(up[level], n.start).nodeId;
        const m = levels[up[level]]!;
        m.set(pid, [...(m.get(pid) ?? []), n]);
      }
    }
  }
  const latest = (l: string) => nodes.filter((n) => n.level === l).sort((a, b) => b.start.getTime() - a.start.getTime())[0];
  const periods = ['month', 'week', 'day'].map(latest).filter((x): x is TocNodeDraft => !!x).map(asNode);
  const segments = segs.sort((a, b) => b.start.getTime() - a.start.getTime()).slice(0, 60).map(asNode);
  const ctx = renderMemoryContext(c.project, periods, segments, 8000);
  const block = ctx.text;
  const noKw = block.split('\n').filter((l) => !l.startsWith('Also mentioned:')).join('\n');
  const covered = coveredSessions(block, c);
  let elig = 0, held = 0, held2 = 0;
  for (const q of c.questions.filter((q) => q.category >= 1 && q.category <= 4 && q.evidence.length > 0)) {
    const ev = [...evidenceSessions(q, c)];
    if (ev.length === 0 || !ev.every((x) => covered.has(x)) || contentWords(q.answer).length === 0) continue;
    elig++;
    if (holdsAnswer(block, q.answer)) held++;
    { const m = new Map(c.turns.map((t) => [t.diaId, t.text])); if (holdsAnswer(q.evidence.map((d) => m.get(d)).join(' '), q.answer)) ceil++; }
    if (holdsAnswer(noKw, q.answer)) held2++;
    else if (process.env.MISSES && (process.env.MISSES !== 'sel' || holdsAnswer(q.evidence.map((d) => new Map(c.turns.map((t) => [t.diaId, t.text])).get(d)).join(' '), q.answer))) { const m = new Map(c.turns.map((t) => [t.diaId, t.text])); console.log(`MISS ${c.sampleId} Q: ${q.question} | A: ${q.answer}\n   ${q.evidence.map((d) => m.get(d)).join('\n   ')}`); }
  }
  eligAll += elig; heldAll += held; heldNoKw += held2;
  console.log(`${c.sampleId}: ${held}/${elig} with keywords, ${held2}/${elig} without; ${block.length} chars, ${ctx.tokens} tokens, omitted ${ctx.omitted}`);
  if (dump) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dump}-${c.sampleId}.md`, block);
    writeFileSync(`${dump}-${c.sampleId}-tree.txt`, nodes.map((n) => `${n.level} ${n.nodeId}: ${n.title}\n${n.bullets.map((b) => `  - ${b.text}`).join('\n')}\n  kw: ${n.keywords.join(', ')}`).join('\n'));
  }
}
console.log(`ceiling (evidence turns hold answer): ${ceil}/${eligAll}`);
console.log(`ALL: with keywords ${(100 * heldAll / eligAll).toFixed(1)}% (${heldAll}/${eligAll}); without ${(100 * heldNoKw / eligAll).toFixed(1)}% (${heldNoKw}/${eligAll})`);
