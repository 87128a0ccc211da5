import { RecordNotFoundError } from '@engram/memory';
import type { LearningRepository, Outcome, RelevanceWeights } from '@engram/lifecycle';
import { InvalidInputError, ScopeNotVisibleError } from '../errors.js';
import type { ProgressOptions } from '../progress.js';
import type { CallContext } from '../scope-context.js';

/** Input of memory.feedback (seed 003 stage 3): the memories an agent used and how it went. */
export interface FeedbackInput {
  memoryIds: string[];
  outcome: Outcome;
  /** The query the memories were retrieved for (kept in the outcome log). */
  query?: string;
  /** The scope the memories live in, if not the session's (reads see it plus global). */
  scope?: string;
}

/** Per memory: recorded (with its new half-life factor) or not found (unknown or not visible). */
export interface FeedbackItem {
  id: string;
  status: 'recorded' | 'not_found';
  usefulness?: number;
}

export interface FeedbackOutput {
  outcome: Outcome;
  results: FeedbackItem[];
  recorded: number;
  /** α, β, γ after this feedback. */
  weights: RelevanceWeights;
}

export const MAX_FEEDBACK_IDS = 100;

/**
 * Stage 3 of the decision engine, continuously: each visible memory's outcome is logged, its
 * half-life factor moves (useful memories decay more slowly) and the relevance weights learn from
 * the signals it was formed with. Ids the caller cannot see are reported as not found, per id.
 */
export function createFeedbackUseCase(learning: LearningRepository, visible: (id: string, ctx: CallContext) => Promise<unknown>) {
  /** `options.onProgress` hears each id handled (each id's outcome is recorded on its own). */
  return async function feedback(input: FeedbackInput, ctx: CallContext, options: ProgressOptions = {}): Promise<FeedbackOutput> {
    const ids = [...new Set(input.memoryIds)];
    if (ids.length === 0) throw new InvalidInputError('memory_ids must name at least one memory');
    if (ids.length > MAX_FEEDBACK_IDS) throw new InvalidInputError(`at most ${MAX_FEEDBACK_IDS} memory ids per feedback`);
    if (input.outcome !== 'success' && input.outcome !== 'failure') throw new InvalidInputError('outcome must be success or failure');
    const results: FeedbackItem[] = [];
    let weights = await learning.currentWeights();
    const readCtx: CallContext = { ...ctx, scope: input.scope ?? ctx.scope };
    for (const id of ids) {
      try {
        await visible(id, readCtx);
      } catch (err) {
        if (err instanceof RecordNotFoundError || err instanceof ScopeNotVisibleError) {
          results.push({ id, status: 'not_found' });
          await options.onProgress?.(results.length, ids.length, `${id}: not found`);
          continue;
        }
        throw err;
      }
      const effect = await learning.apply({ memoryId: id, outcome: input.outcome, query: input.query ?? null, actor: ctx.actor });
      weights = effect.weights;
      results.push({ id, status: 'recorded', usefulness: effect.usefulness });
      await options.onProgress?.(results.length, ids.length, `${id}: recorded`);
    }
    return { outcome: input.outcome, results, recorded: results.filter((r) => r.status === 'recorded').length, weights };
  };
}
