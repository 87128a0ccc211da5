import { InvalidTransitionError } from '../errors.js';
import { emptyProgress } from './prd-model.js';
import { assertTransition, statusAfterEvent } from './status-transitions.js';

describe('PRD status transitions', () => {
  const settled = { ...emptyProgress(), completed: ['R1'] };

  it('allows the lifecycle and treats the same status as no change', () => {
    expect(() => assertTransition('in_progress', 'paused', settled)).not.toThrow();
    expect(() => assertTransition('paused', 'in_progress', settled)).not.toThrow();
    expect(() => assertTransition('in_progress', 'completed', settled)).not.toThrow();
    expect(() => assertTransition('completed', 'completed', settled)).not.toThrow();
  });

  it('refuses invalid transitions with the allowed ones named', () => {
    expect(() => assertTransition('completed', 'in_progress', settled)).toThrow(new InvalidTransitionError('cannot change PRD status from completed to in_progress (completed is final)'));
    expect(() => assertTransition('not_started', 'completed', settled)).toThrow(/allowed from not_started: in_progress, paused, blocked/);
    expect(() => assertTransition('paused', 'completed', settled)).toThrow(InvalidTransitionError);
  });

  it('refuses completion while requirements are open', () => {
    const open = { ...emptyProgress(), in_progress: ['R2'], blocked: ['R3'] };
    expect(() => assertTransition('in_progress', 'completed', open)).toThrow(/in progress: R2; blocked: R3/);
  });

  it('starts a not-started execution on its first event only', () => {
    expect(statusAfterEvent('not_started')).toBe('in_progress');
    expect(statusAfterEvent('paused')).toBe('paused');
  });
});
