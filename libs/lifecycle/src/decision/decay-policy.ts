import type { DecayCategory, DecisionConfig } from './decision-config.js';
import type { ImplicitEvent } from './implicit-event.js';

const PREFERENCE_TEXT = /\b(?:i|we|user)\s+(?:prefers?|likes?|wants?|always|never|hates?)\b|\bprefer(?:s|red|ence)?\b/i;
const CONVERSATION_KIND = /prompt|message|session|stop|notification|chat/i;
const TASK_KIND = /tool|command|task|requirement|test|build|deploy|run|error|blocker|handoff/i;
const PATTERN_KIND = /learn|pattern|revision|review|resolved|insight/i;

/**
 * Stage 2 step 2 (seed 003 2.3): which decay category an event falls in. A proposed memory type
 * that a category maps to wins (PRD formation already knows it); otherwise rules on kind and
 * text, in this order: preference wording, pattern kinds, conversation kinds, task kinds, else
 * the seed's default, episodic.
 */
export function decayCategoryOf(e: ImplicitEvent, config: DecisionConfig): DecayCategory {
  if (e.type) {
    const byType = (Object.entries(config.categoryTypes) as Array<[DecayCategory, string]>).find(([, t]) => t === e.type);
    if (byType) return byType[0];
  }
  if (PREFERENCE_TEXT.test(e.text) || /prefer/i.test(e.kind)) return 'preference';
  if (PATTERN_KIND.test(e.kind)) return 'pattern';
  if (CONVERSATION_KIND.test(e.kind)) return 'conversation';
  if (TASK_KIND.test(e.kind)) return 'task';
  return 'episodic';
}

/** The decay policy of a stored event: its category, the memory type and that type's half-life. */
export interface DecayPolicy {
  category: DecayCategory;
  memoryType: string;
  halfLifeDays: number;
  /** ln 2 / half-life (seed 003 2.3). */
  lambda: number;
}

/** The half-life comes from the type registry, the one source every reader of decay shares (ADR-0014). */
export function decayPolicyOf(e: ImplicitEvent, config: DecisionConfig, halfLifeOf: (type: string) => number): DecayPolicy {
  const category = decayCategoryOf(e, config);
  const memoryType = e.type ?? config.categoryTypes[category];
  const halfLifeDays = halfLifeOf(memoryType);
  return { category, memoryType, halfLifeDays, lambda: Math.LN2 / halfLifeDays };
}
