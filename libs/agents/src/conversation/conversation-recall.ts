import { estimateTextTokens, type TocService } from '@engram/conversation';
import type { RecallItem } from '../recall-item.js';

/** The part of the TOC service recall needs: search over the project's conversation. */
export type ConversationSearchPort = Pick<TocService, 'search'>;

/** Longest query text the conversation search takes (it refuses longer). */
const MAX_QUERY = 1000;

/**
 * Turns of the project's conversation relevant to `query`, as recall items marked
 * `source: 'conversation'` (issue 21): the event text verbatim, with its session, time and the TOC
 * segment holding it, so an agent need not know which store holds the answer. Node and grip hits
 * are left to toc.search: recall returns evidence, not summaries.
 */
export async function conversationRecallItems(toc: ConversationSearchPort, project: string, query: string, k: number): Promise<RecallItem[]> {
  const text = query.trim().slice(0, MAX_QUERY);
  if (!text) return [];
  const { hits } = await toc.search(project, { text, limit: Math.min(100, k * 2) });
  return hits.filter((h) => h.kind === 'event').slice(0, k).map((h) => ({
    id: h.id, type: 'conversation_event', content: h.text, confidence: 1, trust: 'conversation',
    url: `conversation://${encodeURIComponent(project)}/${encodeURIComponent(h.id)}`, form: 'full', issues: [], scope: project,
    score: h.score, createdAt: h.at.toISOString(), source: 'conversation',
    metadata: { event_id: h.id, session_id: h.sessionId, node_id: h.nodeId, at: h.at.toISOString() },
  }));
}

/** Event ids a formed memory came from (conversation formation records them in metadata). */
const formedFrom = (m: RecallItem): unknown => m.metadata?.['conversation_event_id'];

/**
 * One ranked list over memories and conversation turns: the two lists interleave by rank (memory
 * first at equal rank: curated knowledge before raw transcript), a turn already formed into a
 * returned memory is dropped, and turns are added only while they fit the remaining token budget.
 */
export function mergeRecall(memories: RecallItem[], turns: RecallItem[], opts: { topK: number; tokensLeft: number }): { items: RecallItem[]; added: number; tokens: number; excluded: number } {
  const formed = new Set(memories.map(formedFrom).filter((x) => typeof x === 'string'));
  const fresh = turns.filter((t) => !formed.has(t.id));
  const items: RecallItem[] = [];
  let tokens = 0;
  let excluded = 0;
  for (let i = 0; i < Math.max(memories.length, fresh.length); i++) {
    const m = memories[i];
    if (m) items.push(m);
    const t = fresh[i];
    if (!t) continue;
    const cost = estimateTextTokens(t.content) + 20;
    if (tokens + cost <= opts.tokensLeft) {
      items.push(t);
      tokens += cost;
    } else excluded++;
  }
  const kept = items.slice(0, opts.topK);
  return { items: kept, added: kept.filter((x) => x.source === 'conversation').length, tokens, excluded: excluded + items.length - kept.length };
}
