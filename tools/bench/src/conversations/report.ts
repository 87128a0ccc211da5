// The markdown report of bench:conversations: quality per category and latency per tool.
import { summarize } from '../stats.js';
import { scoreGroups, type Scores } from './metrics.js';
import type { RetrieverRun } from './evaluate.js';

/** One backend's results. */
export interface BackendResult {
  backend: string;
  turns: number;
  refused: number;
  questions: number;
  loadSeconds: number;
  embedSeconds: number;
  runs: Record<string, RetrieverRun>;
}

/** Everything a run reports (also saved as JSON). */
export interface ConversationsReport {
  date: string;
  command: string;
  commit: string;
  model: string;
  machine: string;
  /** The dataset file's name (locomo-dev.json, realtalk-dev.json). */
  dataset?: string;
  conversations: string[];
  backends: BackendResult[];
}

const pct = (x: number) => (Number.isNaN(x) ? '—' : (100 * x).toFixed(1));

function qualityRows(name: string, run: RetrieverRun): string[] {
  const groups = scoreGroups(run.outcomes);
  return Object.entries(groups).map(([group, s]: [string, Scores]) =>
    `| ${name} | ${group} | ${s.n} | ${pct(s.r1)} | ${pct(s.r5)} | ${pct(s.r10)} | ${pct(s.full10)} | ${pct(s.mrr10)} |`);
}

function backendSection(b: BackendResult): string[] {
  const lines = [
    `### ${b.backend}: ${b.turns} turns (${b.refused} refused by the gate), ${b.questions} questions; load ${b.loadSeconds} s, embedding wait ${b.embedSeconds} s`,
    '',
    '| tool | category | n | R@1 | R@5 | R@10 | all@10 | MRR@10 |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [name, run] of Object.entries(b.runs)) lines.push(...qualityRows(name, run));
  lines.push('', '| tool | calls | errors | p50 ms | p95 ms | max ms |', '| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, run] of Object.entries(b.runs)) {
    const l = summarize(run.latencies);
    lines.push(`| ${name} | ${l.n} | ${run.errors} | ${l.p50} | ${l.p95} | ${l.max} |`);
  }
  return lines;
}

/** Markdown for stdout and docs/benchmarks.md. */
export function renderConversationsReport(r: ConversationsReport): string {
  const head = [
    `## bench:conversations ${r.date.slice(0, 10)}: ${r.dataset ?? 'locomo-dev.json'} (${r.conversations.join(', ')})`, '',
    `- command: \`${r.command}\`; commit ${r.commit}; model ${r.model}`, `- machine: ${r.machine}`, '',
  ];
  return [...head, ...r.backends.flatMap((b) => [...backendSection(b), '']), ''].join('\n');
}
