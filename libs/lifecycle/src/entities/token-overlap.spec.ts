import { isSimilarText, tokenOverlap } from './token-overlap.js';

describe(tokenOverlap.name, () => {
  it('is |A ∩ B| / max(|A|, |B|) over distinct lower-cased tokens', () => {
    expect(tokenOverlap('edited src a ts', 'Edited src b ts')).toBeCloseTo(3 / 4);
    expect(tokenOverlap('a b c d e', 'a b c')).toBeCloseTo(3 / 5);
    expect(tokenOverlap('same words here', 'here words same')).toBe(1);
    expect(tokenOverlap('alpha', 'beta')).toBe(0);
  });

  it('is symmetric and bounded (property over generated texts)', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const vocab = ['build', 'test', 'deploy', 'gate', 'memory', 'fix', 'lint', 'run', 'file', 'error'];
    const text = () => Array.from({ length: 1 + Math.floor(rnd() * 8) }, () => vocab[Math.floor(rnd() * vocab.length)]).join(' ');
    for (let i = 0; i < 200; i++) {
      const a = text();
      const b = text();
      const o = tokenOverlap(a, b);
      expect(o).toBe(tokenOverlap(b, a));
      expect(o).toBeGreaterThanOrEqual(0);
      expect(o).toBeLessThanOrEqual(1);
      expect(tokenOverlap(a, a)).toBe(1);
    }
  });

  it('handles empty texts', () => {
    expect(tokenOverlap('', '')).toBe(1);
    expect(tokenOverlap('', 'x')).toBe(0);
  });
});

describe(isSimilarText.name, () => {
  it('needs strictly more than 70% overlap (seed 003 2.1)', () => {
    expect(isSimilarText('a b c d e f g h i j', 'a b c d e f g h x y')).toBe(true); // 0.8
    expect(isSimilarText('a b c d e f g h i j', 'a b c d e f g x y z')).toBe(false); // 0.7 exactly
  });
});
