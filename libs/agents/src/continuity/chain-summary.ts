import type { ThinkingChain, Thought } from './chain-model.js';

const MAX_QUOTE = 400;

function quote(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.length > MAX_QUOTE ? `${t.slice(0, MAX_QUOTE - 1)}…` : t;
}

/**
 * The deterministic summary of a finished chain (no model, no network): the question, the
 * conclusion — the last thought of the main line, where the reasoning ended up — and the shape
 * of the reasoning (how many thoughts, revisions and branches).
 */
export function summariseChain(chain: Pick<ThinkingChain, 'query'>, thoughts: readonly Thought[]): string {
  const main = thoughts.filter((t) => t.branchId === null);
  const conclusion = (main.at(-1) ?? thoughts.at(-1))?.content ?? '';
  const revisions = thoughts.filter((t) => t.revises !== null).length;
  const branches = new Set(thoughts.map((t) => t.branchId).filter((b) => b !== null)).size;
  return `Reasoning on "${quote(chain.query)}" concluded: ${quote(conclusion)} ` +
    `(${thoughts.length} thoughts, ${revisions} revisions, ${branches} branches)`;
}

/** A revision as a reusable lesson: what was thought first, what it became (seed 004 [:thinking, :revision]). */
export interface RevisionPattern {
  revisedNumber: number;
  revisionNumber: number;
  content: string;
}

export function revisionPatterns(chain: Pick<ThinkingChain, 'query'>, thoughts: readonly Thought[]): RevisionPattern[] {
  const byNumber = new Map(thoughts.map((t) => [t.number, t]));
  return thoughts
    .filter((t): t is Thought & { revises: number } => t.revises !== null && byNumber.has(t.revises))
    .map((t) => ({
      revisedNumber: t.revises,
      revisionNumber: t.number,
      content: `When reasoning about "${quote(chain.query)}", the initial approach "${quote(byNumber.get(t.revises)?.content ?? '')}" ` +
        `needed revision to "${quote(t.content)}"`,
    }));
}
