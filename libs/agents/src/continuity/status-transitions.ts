import { InvalidTransitionError } from '../errors.js';
import type { PrdProgress, PrdStatus } from './prd-model.js';

/** The execution lifecycle; `completed` is final. */
const ALLOWED: Record<PrdStatus, readonly PrdStatus[]> = {
  not_started: ['in_progress', 'paused', 'blocked'],
  in_progress: ['paused', 'blocked', 'completed'],
  paused: ['in_progress', 'blocked'],
  blocked: ['in_progress', 'paused'],
  completed: [],
};

/**
 * Throws INVALID_TRANSITION unless `from → to` is allowed. Completion also needs settled progress:
 * no requirement may still be in progress or blocked (not-started ones count as descoped).
 * The same status again is not a transition; callers treat it as a no-op.
 */
export function assertTransition(from: PrdStatus, to: PrdStatus, progress: PrdProgress): void {
  if (from === to) return;
  if (!ALLOWED[from].includes(to)) {
    const options = ALLOWED[from].length ? `allowed from ${from}: ${ALLOWED[from].join(', ')}` : `${from} is final`;
    throw new InvalidTransitionError(`cannot change PRD status from ${from} to ${to} (${options})`);
  }
  if (to === 'completed') {
    const open = [...progress.in_progress, ...progress.blocked];
    if (open.length) {
      throw new InvalidTransitionError(
        `cannot complete the PRD while requirements are open (in progress: ${progress.in_progress.join(', ') || 'none'}; ` +
          `blocked: ${progress.blocked.join(', ') || 'none'}): complete, roll back or resolve them first`,
      );
    }
  }
}

/** Status after an accepted event: the first event starts a not-started execution. */
export function statusAfterEvent(status: PrdStatus): PrdStatus {
  return status === 'not_started' ? 'in_progress' : status;
}
