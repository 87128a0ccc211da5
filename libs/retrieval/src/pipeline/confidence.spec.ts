import { isInferred, resultConfidence } from './confidence.js';

const base = { version: 1, validTo: null, metadata: {} };

describe(resultConfidence.name, () => {
  it('applies the seed 000 penalties and clamps to [0, 1]', () => {
    expect(resultConfidence(0.9, base)).toBe(0.9);
    expect(resultConfidence(0.9, { ...base, version: 5 })).toBeCloseTo(0.7, 10);
    expect(resultConfidence(0.9, { ...base, validTo: new Date() })).toBeCloseTo(0.8, 10);
    expect(resultConfidence(0.9, { ...base, metadata: { source: 'inferred' } })).toBeCloseTo(0.8, 10);
    expect(resultConfidence(0.1, { version: 9, validTo: new Date(), metadata: { inferred: true } })).toBe(0);
    expect(resultConfidence(1.5, base)).toBe(1);
  });

  it('decreases with the version number (v1 vs v5)', () => {
    expect(resultConfidence(0.8, { ...base, version: 1 })).toBeGreaterThan(resultConfidence(0.8, { ...base, version: 5 }));
  });
});

describe(isInferred.name, () => {
  it('marks a record inferred by source or by the flag true only', () => {
    expect(isInferred({ source: 'inferred' })).toBe(true);
    expect(isInferred({ inferred: true })).toBe(true);
    expect(isInferred({ inferred: 'true' })).toBe(false);
    expect(isInferred({})).toBe(false);
  });
});
