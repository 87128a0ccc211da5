import { EventOutOfOrderError, InvalidInputError } from '../errors.js';
import { emptyProgress, PRD_EVENT_TYPES, type PrdProgress, type ProgressEvent } from './prd-model.js';
import { applyEvent, bucketOf, declareRequirements, materialiseProgress } from './progress.js';
import { pick, seededRandom } from './seeded-random.js';

const all = (p: PrdProgress) => [...p.completed, ...p.in_progress, ...p.blocked, ...p.not_started];

describe('PRD progress', () => {
  it('moves a requirement through start, block, resolve, complete, rollback', () => {
    let p = emptyProgress(['R1', 'R2']);
    p = applyEvent(p, { type: 'requirement_started', requirementId: 'R1' });
    p = applyEvent(p, { type: 'blocker_hit', requirementId: 'R1' });
    expect(p).toEqual({ completed: [], in_progress: [], blocked: ['R1'], not_started: ['R2'] });
    p = applyEvent(p, { type: 'blocker_resolved', requirementId: 'R1' });
    p = applyEvent(p, { type: 'requirement_completed', requirementId: 'R1' });
    expect(p.completed).toEqual(['R1']);
    p = applyEvent(p, { type: 'rollback', requirementId: 'R1' });
    expect(bucketOf(p, 'R1')).toBe('in_progress');
    expect(applyEvent(p, { type: 'test_passed', requirementId: 'R1' })).toBe(p);
  });

  it('rejects out-of-order events without touching the input', () => {
    const p = emptyProgress(['R1']);
    const before = JSON.stringify(p);
    expect(() => applyEvent(p, { type: 'requirement_completed', requirementId: 'R1' })).toThrow(EventOutOfOrderError);
    expect(() => applyEvent(p, { type: 'blocker_resolved', requirementId: 'R1' })).toThrow(/out of order: it is not started/);
    const done = applyEvent(applyEvent(p, { type: 'requirement_started', requirementId: 'R1' }), { type: 'requirement_completed', requirementId: 'R1' });
    expect(() => applyEvent(done, { type: 'requirement_started', requirementId: 'R1' })).toThrow(EventOutOfOrderError);
    expect(() => applyEvent(p, { type: 'requirement_started' })).toThrow(InvalidInputError);
    expect(JSON.stringify(p)).toBe(before);
  });

  it('declares new requirements once, keeping the state of known ones', () => {
    const p = applyEvent(emptyProgress(['R1']), { type: 'requirement_started', requirementId: 'R1' });
    expect(declareRequirements(p, ['R1', 'R2', 'R2'])).toEqual({ completed: [], in_progress: ['R1'], blocked: [], not_started: ['R2'] });
    expect(declareRequirements(p, ['R1'])).toBe(p);
  });

  // Property (seed 004 "PRD progress is always consistent with events"): over random event
  // streams, including invalid ones, the incrementally kept progress equals the fold of the
  // accepted events, and every requirement sits in exactly one bucket.
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])('stays consistent with the accepted events (seed %i)', (seed) => {
    const rand = seededRandom(seed);
    const reqs = ['R1', 'R2', 'R3', 'R4'];
    const declared = reqs.slice(0, 2);
    let progress = emptyProgress(declared);
    const accepted: ProgressEvent[] = [];
    for (let i = 0; i < 300; i++) {
      const ev: ProgressEvent = { type: pick(rand, PRD_EVENT_TYPES), requirementId: rand() < 0.05 ? null : pick(rand, reqs) };
      try {
        progress = applyEvent(progress, ev);
        accepted.push(ev);
      } catch (err) {
        expect(err).toBeInstanceOf(Error);
        expect(['EVENT_OUT_OF_ORDER', 'INVALID_INPUT']).toContain((err as { code: string }).code);
      }
      expect(progress).toEqual(materialiseProgress(declared, accepted));
      const everyone = all(progress);
      expect(new Set(everyone).size).toBe(everyone.length);
    }
    expect(accepted.length).toBeGreaterThan(30);
  });
});
