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
  args(query: string, scope: string): Record<string, unknown>;
  /** The memory ids of the answer, best first. */
  ids(structured: any): string[];
}

const searchIds = (s: any): string[] => (s.results ?? []).map((r: any) => String(r.id));

/** The five ways a client retrieves: three search modes, the validated pipeline, recall. */
export const RETRIEVERS: readonly Retriever[] = [
  ...(['vector', 'keyword', 'hybrid'] as const).map((mode) => ({
    name: `memory.search ${mode}`, tool: 'memory.search', ids: searchIds,
    args: (query: string, scope: string) => ({ query, mode, top_k: 10, scope }),
  })),
  { name: 'memory.retrieve', tool: 'memory.retrieve', ids: searchIds, args: (query, scope) => ({ query, top_k: 10, scope }) },
  { name: 'recall', tool: 'recall', ids: (s) => (s.memories ?? []).map((m: any) => String(m.id)), args: (query, scope) => ({ query, top_k: 10, scope }) },
];

/** Outcomes and per-call latencies (ms) of one retriever. */
export interface RetrieverRun {
  outcomes: QuestionOutcome[];
  latencies: number[];
  errors: number;
}

/** Runs every question of `c` through every retriever, one call at a time (latency is per call). */
export async function evaluateConversation(
  session: McpSession, c: Conversation, index: TurnIndex, retrievers: readonly Retriever[], runs: Map<string, RetrieverRun>,
): Promise<void> {
  const scope = scopeOf(c);
  for (const q of c.questions) {
    for (const r of retrievers) {
      const run = runs.get(r.name) ?? { outcomes: [], latencies: [], errors: 0 };
      runs.set(r.name, run);
      const t = performance.now();
      const answer = await session.call(r.tool, r.args(q.text, scope));
      run.latencies.push(since(t));
      if (answer.isError) run.errors++;
      const turns = answer.isError ? [] : r.ids(answer.structured).flatMap((id) => index.get(id) ?? []);
      run.outcomes.push(outcomeOf(q.category, q.evidence, turns));
    }
  }
}
