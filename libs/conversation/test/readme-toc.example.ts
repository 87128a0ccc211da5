import { createEventLog, createExtractiveSummariser, createTocService, estimateTextTokens, tocConfig } from '@engram/conversation';
import type { Kysely } from 'kysely';

/** The README example: log two turns, build the TOC, walk it and open the evidence. */
export async function tocExample(db: Kysely<any>, print: (line: string) => void): Promise<void> {
  const project = 'project:engram';
  const turn = (eventId: string, at: string, kind: 'user_message' | 'assistant_message', text: string) => ({
    eventId, project, agent: 'claude-code', sessionId: 's1', ts: new Date(at), kind, role: kind === 'user_message' ? 'user' : 'assistant',
    text, metadata: {}, tokens: estimateTextTokens(text),
  });
  await createEventLog(db).append([
    turn('e1', '2026-11-23T09:00:00Z', 'user_message', 'Move the nightly deploy pipeline to the new staging cluster.'),
    turn('e2', '2026-11-23T09:01:00Z', 'assistant_message', 'The deploy pipeline now targets the staging cluster.'),
  ]);

  const config = tocConfig(); // 30 min gaps, 4K tokens, 5 min / 500 tokens overlap
  const toc = createTocService({
    db, config, embedder: null,
    summariser: createExtractiveSummariser({ bullets: config.bulletsPerNode, keywords: config.keywordsPerNode }),
  });
  await toc.processOutbox(); // a server's build-toc job does this continuously

  const [year] = (await toc.root(project)).children;
  print(`${year?.nodeId}: ${year?.title}`);
  const day = await toc.node(project, 'day:2026-11-23'); // one segment: the day points at it (no repeated bullets)
  const segment = await toc.node(project, day.node.childIds[0] ?? '');
  for (const b of segment.node.bullets) print(`- ${b.text}`);
  const evidence = await toc.expandGrip(project, segment.grips[0]?.gripId ?? '', { before: 1, after: 1 });
  print(`evidence: ${evidence.events.map((e) => e.eventId).join(', ')}`);
  const { hits } = await toc.search(project, { text: 'which cluster does the deploy target?', limit: 3 }); // every turn, BM25-ranked
  print(`found: ${hits.filter((h) => h.kind === 'event').map((h) => `${h.id} in ${h.nodeId}`).join(', ')}`);
  print((await toc.memoryContext(project, { maxTokens: 500 })).text.split('\n')[0] ?? '');
}
