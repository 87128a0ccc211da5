import { estimateTokens } from '../log/token-estimate.js';
import type { TocNode } from './toc-node.js';
import { NODE_COLUMNS, toNode } from './toc-store.js';
import type { TocDb } from './toc-tables.js';

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

function renderNode(n: TocNode, heading: string, bullets: number): string[] {
  return [heading, ...n.bullets.slice(0, bullets).map((b) => `- ${b.text}${b.gripIds.length ? ` [${b.gripIds.join(', ')}]` : ''}`)];
}

/** Room kept for the omission note, so the whole text stays within the budget. */
const NOTE_RESERVE = 30;

/**
 * Renders the context: the latest month, week and day summaries, then recent segments newest
 * first. Blocks are added in that order while they fit `maxTokens`; the first that does not fit
 * ends the text (older material is what gets left out).
 */
export function renderMemoryContext(project: string, periods: readonly TocNode[], segments: readonly TocNode[], maxTokens: number): MemoryContext {
  const blocks: { text: string; nodeId?: string; segment?: boolean }[] = [{ text: `# Memory context: ${project}\n` }];
  if (periods.length === 0 && segments.length === 0) blocks.push({ text: 'No conversation recorded for this project yet.\n' });
  for (const p of periods) blocks.push({ text: `\n${renderNode(p, `## ${p.level}: ${p.title}`, p.level === 'day' ? 5 : 2).join('\n')}\n`, nodeId: p.nodeId });
  if (segments.length) blocks.push({ text: '\n## Recent segments (newest first)\n' });
  for (const s of segments) {
    blocks.push({ text: `\n${renderNode(s, `### ${iso(s.start)} – ${iso(s.end)} UTC · ${s.title}`, 5).join('\n')}\n`, nodeId: s.nodeId, segment: true });
  }
  const out: string[] = [];
  const nodeIds: string[] = [];
  let used = 0;
  let omitted = 0;
  for (const [i, b] of blocks.entries()) {
    const t = estimateTokens(b.text);
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
  return { text, tokens: estimateTokens(text), omitted, nodeIds };
}

/** Loads the latest node of each period level and the newest segments, then renders them. */
export async function loadMemoryContext(db: TocDb, project: string, opts: { maxTokens: number; segments?: number }): Promise<MemoryContext> {
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
  const segments = (await latest('segment', opts.segments ?? 20)).map(toNode);
  return renderMemoryContext(project, periods, segments, opts.maxTokens);
}
