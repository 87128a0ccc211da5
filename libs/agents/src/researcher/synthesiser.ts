import type { Contradiction, DeliveredMemory } from '@engram/retrieval';
import type { ResearchPlan } from './research-plan.js';

/** What a synthesiser gets: the question, the plan and the validated, budgeted results. */
export interface SynthesisInput {
  query: string;
  plan: ResearchPlan;
  results: readonly DeliveredMemory[];
  contradictions: readonly Contradiction[];
  warnings: readonly string[];
}

/** Turns validated results into the answer text (seed 000 FR-09 step 6). MUST NOT resolve contradictions. */
export interface AnswerSynthesiser {
  readonly name: string;
  synthesise(input: SynthesisInput): Promise<string>;
}

const EXCERPT = 160;
const excerpt = (s: string) => (s.length > EXCERPT ? `${s.slice(0, EXCERPT - 1)}…` : s).replace(/\s+/g, ' ');
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function line(m: DeliveredMemory, i: number): string {
  const date = m.form === 'full' ? `${m.createdAt.slice(0, 10)}, ` : '';
  return `${i + 1}. ${capital(m.type)} ${m.id.slice(0, 8)} (${date}confidence ${m.confidence.toFixed(2)}, trust ${m.trust}): "${excerpt(m.content)}" [memory://${m.id}]`;
}

/** The deterministic summary: a count, one cited line per result, then contradictions and warnings. */
export function deterministicSummary(input: SynthesisInput): string {
  const { plan, results } = input;
  const one = results.length === 1;
  // Nouns per count (issue 37: "1 relevant memorie"): 'memory'/'memories', a type's name/name+s.
  const what = plan.memoryTypes ? plan.memoryTypes.map((t) => (one ? t : `${t}s`)).join('/') : one ? 'memory' : 'memories';
  const when = plan.timeRange ? ` (${plan.timeRange.label})` : '';
  const about = plan.keyTerms.length ? ` about "${plan.keyTerms.join(' ')}"` : '';
  const head = results.length === 0
    ? `No relevant ${what} found${about}${when}.`
    : `Found ${results.length} relevant ${what}${about}${when}:`;
  const parts = [head, ...results.map(line)];
  for (const c of input.contradictions) {
    parts.push(`Contradiction (not resolved, needs human review): ${c.ids[0].slice(0, 8)} vs ${c.ids[1].slice(0, 8)} — ${c.reason}`);
  }
  for (const w of input.warnings) parts.push(`Note: ${w}`);
  return parts.join('\n');
}

/** The default synthesiser: no network, same input → same text. */
export const deterministicSynthesiser: AnswerSynthesiser = {
  name: 'deterministic',
  synthesise: async (input) => deterministicSummary(input),
};
