import type { ConversationEvent, Grip, TocChild, TocNode, TocPage, TocSearchHit } from '@engram/conversation';
import { z } from 'zod';

/* Shared input fields and renderings of the conversation TOC tools (SPEC 6, seed 002 QRY-01..05). */
export const projectScopeField = z
  .string()
  .regex(/^(project|agent):\S.{0,500}$/, 'scope must be project:<id> (or agent:<id>)')
  .optional()
  .describe('Project scope of the conversation (default: the session scope). Another project\'s TOC is never visible.');
export const nodeIdField = z.string().trim().min(3).max(300)
  .describe('TOC node id: year:YYYY, month:YYYY-MM, week:YYYY-MM-Www, day:YYYY-MM-DD or segment:<start>~<hash> (from toc.root/toc.browse).');
export const cursorField = z.string().min(1).max(500).optional().describe('next_cursor of the previous page, unchanged.');

const iso = (d: Date) => d.toISOString();

export const childJson = (c: TocChild) => ({ node_id: c.nodeId, level: c.level, title: c.title, start: iso(c.start), end: iso(c.end), event_count: c.eventCount, version: c.version });
export const pageJson = (p: TocPage) => ({ children: p.children.map(childJson), next_cursor: p.nextCursor });

export const gripJson = (g: Grip) => ({
  grip_id: g.gripId, excerpt: g.excerpt, event_id_start: g.eventIdStart, event_id_end: g.eventIdEnd, ts: iso(g.ts), source: g.source, node_id: g.nodeId,
});

export const nodeJson = (n: TocNode) => ({
  node_id: n.nodeId, level: n.level, version: n.version, parent_id: n.parentId, start: iso(n.start), end: iso(n.end), title: n.title,
  bullets: n.bullets.map((b) => ({ text: b.text, grip_ids: b.gripIds })), keywords: n.keywords, child_ids: n.childIds,
  event_count: n.eventCount, token_count: n.tokenCount, summariser: n.summariser, created_at: iso(n.createdAt),
});

export const eventJson = (e: ConversationEvent) => ({
  event_id: e.eventId, ts: iso(e.ts), seq: e.seq, session_id: e.sessionId, agent: e.agent, kind: e.kind, role: e.role, text: e.text, metadata: e.metadata,
});

export const hitJson = (h: TocSearchHit) => ({
  kind: h.kind, id: h.id, text: h.text, level: h.level, node_id: h.nodeId, session_id: h.sessionId, at: iso(h.at), score: Number(h.score.toFixed(6)), matched_by: h.matchedBy,
});

export const renderChildren = (p: TocPage) =>
  [...p.children.map((c) => `${c.nodeId}  ${c.title}  (${c.eventCount} events)`), ...(p.nextCursor ? [`more: next_cursor=${p.nextCursor}`] : [])].join('\n') || '(no children)';

export const renderEvents = (events: readonly ConversationEvent[]) =>
  events.map((e) => `[${iso(e.ts)}] ${e.eventId} ${e.role}: ${e.text}`).join('\n') || '(no events)';
