import { planUnits } from './build-plan.js';
import { markDirty, startRun, type BuildState } from './checkpoint.js';

describe('build plan and checkpoint state', () => {
  it('orders units children first: days, then weeks, months, years, each sorted and unique', () => {
    expect(planUnits(['day:2026-12-01', 'day:2026-11-30', 'day:2026-11-30', 'day:2025-01-02'])).toEqual([
      'day:2025-01-02', 'day:2026-11-30', 'day:2026-12-01',
      'week:2025-01-W01', 'week:2026-11-W49', 'week:2026-12-W49',
      'month:2025-01', 'month:2026-11', 'month:2026-12',
      'year:2025', 'year:2026',
    ]);
  });

  it('starts a run from the dirty days only when none is in progress, carrying a rebuild\'s force flag', () => {
    const empty: BuildState = { dirty: [], run: null, last: null };
    expect(startRun(empty, planUnits)).toBe(empty);
    const dirty = markDirty(markDirty(empty, ['day:2026-11-24']), ['day:2026-11-23', 'day:2026-11-24']);
    expect(dirty.dirty).toEqual(['day:2026-11-23', 'day:2026-11-24']);
    const started = startRun({ ...dirty, forceNext: true }, planUnits);
    expect(started).toMatchObject({ dirty: [], forceNext: false, run: { force: true, next: 0, written: 0, units: planUnits(dirty.dirty) } });
    // New dirty days wait for the next run instead of changing the plan of the current one.
    const more = markDirty(started, ['day:2026-11-25']);
    expect(startRun(more, planUnits)).toBe(more);
  });
});
