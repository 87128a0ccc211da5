// Asks every question through each public retrieval tool and records where the evidence landed.
import { since } from '../stats.js';
import type { Conversation } from './dataset.js';
import type { TurnIndex } from './load-turns.js';
import { scopeOf } from './load-turns.js';
import type { McpSession } from './mcp-session.js';
import { outcomeOf, type QuestionOutcome } from './metrics.js';

/** A public retrieval tool call, as a client makes it for one question. */
export interface Retriever {
  name: string;
  tool: string;
  args(query: string, scope: string, depth: number): Record<string, unknown>;
  /** The memory ids of the answer, best first. */
  ids(structured: any): string[];
}

const searchIds = (s: any): string[] => (s.results ?? []).map((r: any) => String(r.id));

/** The five ways a client retrieves: three search modes, the validated pipeline, recall. */
export const RETRIEVERS: readonly Retriever[] = [
  ...(['vector', 'keyword', 'hybrid'] as const).map((mode) => ({
    name: `memory.search ${mode}`, tool: 'memory.search', ids: searchIds,
    args: (query: string, scope: string, depth: number) => ({ query, mode, top_k: depth, scope }),
  })),
  { name: 'memory.retrieve', tool: 'memory.retrieve', ids: searchIds, args: (query, scope, depth) => ({ query, top_k: depth, scope }) },
  { name: 'recall', tool: 'recall', ids: (s) => (s.memories ?? []).map((m: any) => String(m.id)), args: (query, scope, depth) => ({ query, top_k: Math.min(50, depth), scope }) },
];

/** Outcomes and per-call latencies (ms) of one retriever. */
export interface RetrieverRun {
  outcomes: QuestionOutcome[];
  latencies: number[];
  errors: number;
  /** With --dump: every answer's turn ids and scores (search results carry a score), for offline analysis. */
  answers?: { question: string; category: number; evidence: string[]; turns: string[][]; scores: (number | null)[] }[];
}

/** How deep to ask (top_k; metrics read the top 10) and whether to keep the raw answers. */
export interface EvaluateOptions {
  depth: number;
  keepAnswers: boolean;
}

/** Runs every question of `c` through every retriever, one call at a time (latency is per call). */
export async function evaluateConversation(
  session: McpSession, c: Conversation, index: TurnIndex, retrievers: readonly Retriever[], runs: Map<string, RetrieverRun>,
  opts: EvaluateOptions = { depth: 10, keepAnswers: false },
): Promise<void> {
  const scope = scopeOf(c);
  for (const q of c.questions) {
    for (const r of retrievers) {
      const run = runs.get(r.name) ?? { outcomes: [], latencies: [], errors: 0 };
      runs.set(r.name, run);
      const t = performance.now();
      const answer = await session.call(r.tool, r.args(q.text, scope, opts.depth));
      run.latencies.push(since(t));
      if (answer.isError) run.errors++;
      const ids = answer.isError ? [] : r.ids(answer.structured);
      run.outcomes.push(outcomeOf(q.category, q.evidence, ids.flatMap((id) => index.get(id) ?? [])));
      if (opts.keepAnswers) {
        const scores = (answer.structured.results ?? []).map((x: any) => (typeof x.score === 'number' ? x.score : null));
        (run.answers ??= []).push({ question: q.text, category: q.category, evidence: q.evidence, turns: ids.map((id) => index.get(id) ?? []), scores });
      }
    }
  }
}
