// Markdown report of the real-conversation benchmark (tools/bench/src/conversations-toc-main.ts).
import { windowsIn } from '@engram/memory';
import { summarize } from '../stats.js';
import { pct } from './measures.js';
import type { ContextOutcome, SearchOutcome } from './phases.js';

export interface ConversationResult {
  sampleId: string;
  turns: number;
  sessions: number;
  ingestMs: number;
  tocMs: number;
  /** Until every event had its vector (0 when the server has no event vectors). */
  vectorsMs: number;
  /** Categories 1-4: the headline figures. */
  outcomes: SearchOutcome[];
  /**
   * Category 5 (LoCoMo's adversarial questions: they ask about the wrong person), reported apart:
   * a ranking that leans on who the question names must still find what the other person said.
   */
  adversarial: SearchOutcome[];
  reach: { reached: number; total: number; missed: string[]; via?: Record<string, number> } | null;
  context: ContextOutcome;
}

export interface RunInfo { dataset: string; date: string; commit: string; k: number; contextTokens: number; loadBefore: number; loadAfter: number; machine: string; formation: string }

const count = (xs: SearchOutcome[], f: (x: SearchOutcome) => boolean) => xs.filter(f).length;

function row(name: string, rs: ConversationResult[]): string {
  const all = rs.flatMap((r) => r.outcomes);
  const turns = rs.reduce((a, r) => a + r.turns, 0);
  const ingestS = rs.reduce((a, r) => a + r.ingestMs, 0) / 1000;
  const reach = rs.every((r) => r.reach) ? pct(rs.reduce((a, r) => a + (r.reach?.reached ?? 0), 0), turns) : 'not run';
  const ctx = rs.map((r) => r.context);
  const held = ctx.reduce((a, c) => a + c.held, 0);
  const eligible = ctx.reduce((a, c) => a + c.eligible, 0);
  return `| ${name} | ${turns} | ${all.length} | ${pct(count(all, (x) => x.tocHit), all.length)} | ${pct(count(all, (x) => x.tocSession), all.length)} | ` +
    `${pct(count(all, (x) => x.recallHit), all.length)} | ${reach} | ${pct(held, eligible)} | ${ctx.reduce((a, c) => a + c.repeated, 0)} | ` +
    `${Math.round(turns / ingestS)} | ${(rs.reduce((a, r) => a + r.tocMs, 0) / 1000).toFixed(1)} | ${(rs.reduce((a, r) => a + r.vectorsMs, 0) / 1000).toFixed(1)} |`;
}

/** Spans up to a quarter are dates ("as of September 2023" reaches back from that month); years are not. */
const DATE_SPAN_MS = 92 * 86_400_000;

/** Whether a question names a date: a day, week or month, bent or not ("on 10.01.2024", "as of September 2023"). */
export function namesADate(question: string): boolean {
  return windowsIn(question, new Date()).some((w) => w.to.getTime() - w.from.getTime() <= DATE_SPAN_MS);
}

function byCategory(rs: ConversationResult[]): string[] {
  const all = rs.flatMap((r) => r.outcomes);
  const line = (name: string, xs: SearchOutcome[]) => `| ${name} | ${xs.length} | ${pct(count(xs, (x) => x.tocHit), xs.length)} | ${pct(count(xs, (x) => x.recallHit), xs.length)} |`;
  return [
    ...[1, 2, 3, 4].map((cat) => line(String(cat), all.filter((x) => x.question.category === cat))),
    line('names a date', all.filter((x) => namesADate(x.question.question))),
    line('5 adversarial (apart)', rs.flatMap((r) => r.adversarial)),
  ];
}

export function renderConversationReport(info: RunInfo, rs: ConversationResult[]): string {
  const all = rs.flatMap((r) => r.outcomes);
  const toc = summarize(all.map((x) => x.tocMs));
  const recall = summarize(all.map((x) => x.recallMs));
  return [
    `### Real conversations (${info.dataset}) through the MCP server — ${info.date.slice(0, 10)}, commit ${info.commit}`,
    '',
    `Machine: ${info.machine}; load average ${info.loadBefore.toFixed(2)} before, ${info.loadAfter.toFixed(2)} after (shared with parallel work). ` +
      `Native Postgres; k = ${info.k}; memory-context at max_tokens ${info.contextTokens}; ENGRAM_CONVERSATION_FORMATION=${info.formation}.`,
    '',
    '| conversation | turns | questions (cat 1-4) | toc.search evidence@k | toc.search right session@k | recall evidence@k | turn reachable (own words, top 10, hybrid then keyword then vector) | memory-context holds answer | repeated bullets | ingest events/s | TOC complete after ingest (s) | event vectors complete (s) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rs.map((r) => row(r.sampleId, [r])),
    row('**all**', rs),
    '',
    '| category | questions | toc.search evidence@k | recall evidence@k |',
    '|---|---|---|---|',
    ...byCategory(rs),
    '',
    `Latency (ms): toc.search p50 ${toc.p50}, p95 ${toc.p95}, max ${toc.max}; recall p50 ${recall.p50}, p95 ${recall.p95}, max ${recall.max} (n = ${toc.n}).`,
    `Reached by: ${rs.filter((r) => r.reach).map((r) => `${r.sampleId} ${Object.entries(r.reach?.via ?? {}).map(([m, n]) => `${m} ${n}`).join(', ')}${r.reach?.missed.length ? `, missed ${r.reach.missed.join(' ')}` : ''}`).join('; ') || 'not run'}.`,
    `memory-context: ${rs.map((r) => `${r.sampleId} ${r.context.chars} chars, ${r.context.bullets} bullets, ${r.context.coveredSessions}/${r.sessions} sessions covered, ${r.context.eligible} questions with evidence there`).join('; ')}.`,
    '',
  ].join('\n');
}
