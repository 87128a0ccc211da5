import { EventOutOfOrderError, InvalidInputError } from '../errors.js';
import { emptyProgress, type PrdProgress, type ProgressEvent } from './prd-model.js';

type Bucket = keyof PrdProgress;

/** Events that move a requirement between buckets; they must name it. */
const MOVES: Partial<Record<ProgressEvent['type'], { from: readonly Bucket[]; to: (from: Bucket) => Bucket }>> = {
  requirement_started: { from: ['not_started'], to: () => 'in_progress' },
  requirement_completed: { from: ['in_progress'], to: () => 'completed' },
  blocker_hit: { from: ['not_started', 'in_progress'], to: () => 'blocked' },
  // Resolving a blocker resumes the work it blocked.
  blocker_resolved: { from: ['blocked'], to: () => 'in_progress' },
  // A rollback undoes one step: a completed requirement is reopened, a started one is unstarted.
  rollback: { from: ['completed', 'in_progress'], to: (from) => (from === 'completed' ? 'in_progress' : 'not_started') },
};

const BUCKETS: readonly Bucket[] = ['completed', 'in_progress', 'blocked', 'not_started'];

/** Where a requirement is now; an unknown requirement has not been started. */
export function bucketOf(progress: PrdProgress, requirementId: string): Bucket {
  return BUCKETS.find((b) => progress[b].includes(requirementId)) ?? 'not_started';
}

/**
 * Applies one event to progress, returning NEW progress (the input is not touched). An event that
 * contradicts the requirement's state — completing what was never started, resolving a blocker
 * that was never hit, starting what is already done — throws EVENT_OUT_OF_ORDER.
 */
export function applyEvent(progress: PrdProgress, event: ProgressEvent): PrdProgress {
  const move = MOVES[event.type];
  if (!move) return progress;
  const req = event.requirementId;
  if (!req) throw new InvalidInputError(`a ${event.type} event must name its requirement (requirement_id)`);
  const from = bucketOf(progress, req);
  if (!move.from.includes(from)) {
    throw new EventOutOfOrderError(
      `${event.type} for requirement "${req}" is out of order: it is ${from.replace('_', ' ')} ` +
        `(${event.type} applies to a requirement that is ${move.from.map((b) => b.replace('_', ' ')).join(' or ')})`,
    );
  }
  const next: PrdProgress = {
    completed: progress.completed.filter((r) => r !== req),
    in_progress: progress.in_progress.filter((r) => r !== req),
    blocked: progress.blocked.filter((r) => r !== req),
    not_started: progress.not_started.filter((r) => r !== req),
  };
  next[move.to(from)].push(req);
  return next;
}

/** Progress as a pure fold of the log over the declared requirements (the consistency oracle). */
export function materialiseProgress(requirements: readonly string[], events: readonly ProgressEvent[]): PrdProgress {
  return events.reduce(applyEvent, emptyProgress(requirements));
}

/** Adds newly declared requirements (a resumed PRD may list more) as not started. */
export function declareRequirements(progress: PrdProgress, requirements: readonly string[]): PrdProgress {
  const known = new Set(BUCKETS.flatMap((b) => progress[b]));
  const added = [...new Set(requirements)].filter((r) => !known.has(r));
  return added.length ? { ...progress, not_started: [...progress.not_started, ...added] } : progress;
}
