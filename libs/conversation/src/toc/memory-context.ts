import { estimateTextTokens } from '../log/token-estimate.js';
import { humanDay, narrative, openThreads } from './memory-narrative.js';
import type { TocNode } from './toc-node.js';
import { NODE_COLUMNS, toNode } from './toc-store.js';
import type { ConversationDb } from '../conversation-database.js';

/*
 * "What were we doing?" (seed 002 SKILL-01 /memory-context): the latest period summaries and the
 * most recent segments of one project, within a token budget. The text depends only on the
 * stored nodes (no clock, no random order, stable tie-breaks), so an unchanged memory renders to
 * the same bytes and a client's prompt cache stays warm.
 */

export interface MemoryContext {
  text: string;
  tokens: number;
  /** Summaries (periods or segments) left out to fit the budget. */
  omitted: number;
  nodeIds: string[];
}

const iso = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/** Bullets already in the block: each is shown once (open threads, periods and segments share them). */
type Seen = Set<string>;

function bulletLines(bullets: readonly { text: string; gripIds: readonly string[] }[], seen: Seen, max: number): string[] {
  const out: string[] = [];
  for (const b of bullets) {
    if (out.length >= max || seen.has(b.text)) continue;
    seen.add(b.text);
    out.push(`- ${b.text}${b.gripIds.length ? ` [${b.gripIds.join(', ')}]` : ''}`);
  }
  return out;
}

/** Room kept for the omission note, so the whole text stays within the budget. */
const NOTE_RESERVE = 30;

type Block = { text: string; nodeId?: string };

/**
 * The blocks in order: heading, narrative and open threads, the latest month, week and day (only
 * bullets not shown above; a period without any is left out), then segments newest first with
 * their human date. A bullet appears once in the whole block.
 */
function blocksOf(project: string, periods: readonly TocNode[], segments: readonly TocNode[]): Block[] {
  const blocks: Block[] = [{ text: `# Memory context: ${project}\n` }];
  if (periods.length === 0 && segments.length === 0) return [...blocks, { text: 'No conversation recorded for this project yet.\n' }];
  const seen: Seen = new Set();
  if (segments.length) blocks.push({ text: `\n${narrative(segments)}` });
  const threads = openThreads(segments);
  if (threads.length) {
    const lines = threads.filter((t) => !seen.has(t.text)).map((t) => { seen.add(t.text); return `- (${t.day}) ${t.text}${t.gripIds.length ? ` [${t.gripIds.join(', ')}]` : ''}`; });
    blocks.push({ text: `\n## Open threads (plans and intentions, newest first)\n${lines.join('\n')}\n` });
  }
  for (const p of periods) {
    const lines = bulletLines(p.bullets, seen, p.level === 'day' ? 5 : 2);
    if (lines.length) blocks.push({ text: `\n${[`## ${p.level}: ${p.title}`, ...lines].join('\n')}\n`, nodeId: p.nodeId });
  }
  if (segments.length) blocks.push({ text: '\n## Recent segments (newest first)\n' });
  for (const s of segments) {
    const heading = `### ${iso(s.start)} – ${iso(s.end)} UTC (${humanDay(s.start)}) · ${s.title}`;
    const lines = bulletLines(s.bullets, seen, s.bullets.length);
    // No keyword line: the bullets carry the facts (issue 37); keywords stay in the TOC for search and browse.
    blocks.push({ text: `\n${[heading, ...lines].join('\n')}\n`, nodeId: s.nodeId });
  }
  return blocks;
}

/**
 * Renders the context within `maxTokens`. Blocks are added in order while they fit; the first that
 * does not fit ends the text (older material is what gets left out), with a note saying so.
 */
export function renderMemoryContext(project: string, periods: readonly TocNode[], segments: readonly TocNode[], maxTokens: number): MemoryContext {
  const out: string[] = [];
  const nodeIds: string[] = [];
  let used = 0;
  let omitted = 0;
  for (const [i, b] of blocksOf(project, periods, segments).entries()) {
    const t = estimateTextTokens(b.text);
    if (omitted === 0 && (i === 0 || used + t <= maxTokens - NOTE_RESERVE)) {
      out.push(b.text);
      used += t;
      if (b.nodeId) nodeIds.push(b.nodeId);
    } else if (b.nodeId) {
      omitted++;
    }
  }
  if (omitted) out.push(`\n(${omitted} older entr${omitted === 1 ? 'y' : 'ies'} omitted to fit ${maxTokens} tokens; browse the TOC for more.)\n`);
  const text = out.join('');
  return { text, tokens: estimateTextTokens(text), omitted, nodeIds };
}

/** Segments loaded for the block; the token budget decides how many are shown. */
const DEFAULT_SEGMENTS = 60;

/** Loads the latest node of each period level and the newest segments, then renders them. */
export async function loadMemoryContext(db: ConversationDb, project: string, opts: { maxTokens: number; segments?: number }): Promise<MemoryContext> {
  const latest = (level: string, limit: number) => db.selectFrom('toc_latest')
    .innerJoin('toc_nodes', (j) => j.onRef('toc_nodes.project', '=', 'toc_latest.project')
      .onRef('toc_nodes.node_id', '=', 'toc_latest.node_id').onRef('toc_nodes.version', '=', 'toc_latest.version'))
    .select(NODE_COLUMNS)
    .where('toc_latest.project', '=', project).where('toc_latest.level', '=', level)
    .orderBy('toc_latest.start_ts', 'desc').orderBy('toc_latest.node_id', 'desc')
    .limit(limit).execute();
  const periods: TocNode[] = [];
  for (const level of ['month', 'week', 'day']) {
    const [row] = await latest(level, 1);
    if (row) periods.push(toNode(row));
  }
  const segments = (await latest('segment', opts.segments ?? DEFAULT_SEGMENTS)).map(toNode);
  return renderMemoryContext(project, periods, segments, opts.maxTokens);
}
