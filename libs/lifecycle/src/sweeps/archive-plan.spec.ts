import { planArchive } from './archive-plan.js';

const DAY = 86_400_000;
const now = new Date(Date.UTC(2026, 10, 23));
const row = (id: string, type: string, daysAgo: number, confidence = 1, accessedDaysAgo?: number) => ({
  id, version: 3, type, scope: 'global', confidence, updatedAt: new Date(now.getTime() - daysAgo * DAY),
  accessedAt: accessedDaysAgo === undefined ? null : new Date(now.getTime() - accessedDaysAgo * DAY),
});
const halfLife = (t: string) => ({ task: 7, context: 1, preference: 90 })[t] ?? 138;

describe('planArchive (SPEC 7: archive below 0.1 effective confidence)', () => {
  it('archives exactly the records decayed below the threshold, by their type half-life', () => {
    // 0.5^(23/7) = 0.102 (kept), 0.5^(24/7) = 0.093 (archived); context halves daily.
    const rows = [row('t23', 'task', 23), row('t24', 'task', 24), row('c4', 'context', 4), row('p90', 'preference', 90)];
    const planned = planArchive(rows, halfLife, now);
    expect(planned.map((d) => d.id)).toEqual(['t24', 'c4']);
    expect(planned[0]).toMatchObject({ version: 3 });
    expect(planned[0]?.reason).toMatch(/effective confidence 0\.093 < 0\.1 \(type task, half-life 7 d, stored 1\)/);
  });

  it('counts a recent read as a touch (reads reinforce) and a low stored confidence as a head start', () => {
    expect(planArchive([row('read', 'task', 60, 1, 1)], halfLife, now)).toEqual([]);
    expect(planArchive([row('weak', 'fact', 0, 0.05)], halfLife, now).map((d) => d.id)).toEqual(['weak']);
  });

  it('takes the threshold as a parameter', () => {
    expect(planArchive([row('t7', 'task', 7)], halfLife, now, 0.6).map((d) => d.id)).toEqual(['t7']);
  });
});
