import { ACCESS_CONFIDENCE_FLOOR, effectiveConfidence } from './decay.js';
import { createTypeRegistry } from './type-registry.js';

const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

describe(effectiveConfidence.name, () => {
  it('halves stored confidence every half-life since the last write', () => {
    expect(effectiveConfidence({ confidence: 1, updatedAt: daysAgo(7), accessedAt: null }, 7, now)).toBeCloseTo(0.5, 12);
    expect(effectiveConfidence({ confidence: 1, updatedAt: daysAgo(180), accessedAt: null }, 90, now)).toBeCloseTo(0.25, 12);
  });

  it('access lifts it to max(current, 0.8) and it decays from there (seed 004)', () => {
    const rec = { confidence: 1, updatedAt: daysAgo(28), accessedAt: daysAgo(7) };
    // At the access: max(1 · ½^(21/7) = 0.125, 0.8) = 0.8; seven days later, half of that.
    expect(effectiveConfidence(rec, 7, now)).toBeCloseTo(ACCESS_CONFIDENCE_FLOOR / 2, 12);
    // An access while confidence is still above the floor changes nothing.
    const high = { confidence: 1, updatedAt: daysAgo(2), accessedAt: daysAgo(1) };
    expect(effectiveConfidence(high, 90, now)).toBeCloseTo(0.5 ** (2 / 90), 12);
  });

  it('matches replaying every access as a write of max(current, floor) (property over random histories)', () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 300; i++) {
      const h = 1 + rnd() * 100;
      const c0 = rnd();
      const written = 10 + rnd() * 200;
      const accesses = Array.from({ length: Math.floor(rnd() * 4) }, () => rnd() * written).sort((a, b) => b - a);
      let value = c0;
      let at = written;
      for (const a of accesses) {
        value = Math.max(value * 0.5 ** ((at - a) / h), ACCESS_CONFIDENCE_FLOOR);
        at = a;
      }
      const replayed = value * 0.5 ** (at / h);
      const last = accesses.at(-1);
      const rec = { confidence: c0, updatedAt: daysAgo(written), accessedAt: last === undefined ? null : daysAgo(last) };
      expect(effectiveConfidence(rec, h, now)).toBeCloseTo(replayed, 8);
    }
  });

  it('a half-life factor slows decay proportionally', () => {
    const rec = { confidence: 1, updatedAt: daysAgo(14), accessedAt: null };
    expect(effectiveConfidence(rec, 7, now, { halfLifeFactor: 2 })).toBeCloseTo(0.5, 12);
    expect(effectiveConfidence(rec, 7, now, { halfLifeFactor: 2 })).toBeGreaterThan(effectiveConfidence(rec, 7, now));
  });

  it('is never above the larger of stored confidence and the floor, never below 0', () => {
    for (const d of [0, 0.5, 3, 400]) {
      const v = effectiveConfidence({ confidence: 0.6, updatedAt: daysAgo(d + 1), accessedAt: daysAgo(d) }, 14, now);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(0.8);
    }
  });
});

describe('effectiveConfidence edges', () => {
  it('reads a write in the future (clock skew) as now: no growth above the stored value', () => {
    expect(effectiveConfidence({ confidence: 0.7, updatedAt: daysAgo(-3), accessedAt: null }, 7, now)).toBe(0.7);
  });

  it('ignores an access at or before the last write', () => {
    const at = daysAgo(14);
    expect(effectiveConfidence({ confidence: 0.2, updatedAt: at, accessedAt: at }, 7, now)).toBeCloseTo(0.05, 12);
    expect(effectiveConfidence({ confidence: 0.2, updatedAt: at, accessedAt: daysAgo(20) }, 7, now)).toBeCloseTo(0.05, 12);
  });

  it('uses the access floor given by the caller', () => {
    const rec = { confidence: 0.1, updatedAt: daysAgo(10), accessedAt: daysAgo(7) };
    expect(effectiveConfidence(rec, 7, now, { accessFloor: 0.6 })).toBeCloseTo(0.3, 12);
    expect(effectiveConfidence(rec, 7, now)).toBeCloseTo(0.4, 12);
  });

  it('a factor below 1 speeds decay up', () => {
    expect(effectiveConfidence({ confidence: 1, updatedAt: daysAgo(7), accessedAt: null }, 7, now, { halfLifeFactor: 0.5 })).toBeCloseTo(0.25, 12);
  });
});

describe('seed 003 behaviour gate 5.2.1 on stored records', () => {
  const registry = createTypeRegistry();
  it.each([
    ['task', 7],
    ['preference', 90],
    ['context', 1],
  ])('%s memories are at 50%% (± 5%%) of their confidence after %i days', (type, days) => {
    const v = effectiveConfidence({ confidence: 1, updatedAt: daysAgo(days), accessedAt: null }, registry.get(type).halfLifeDays, now);
    expect(Math.abs(v - 0.5)).toBeLessThanOrEqual(0.025);
  });
});
