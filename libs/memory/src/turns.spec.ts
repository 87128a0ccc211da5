import { runInTurns, runNow, runSized, spaceSlices, STEP_CHARS, type Steps } from './turns.js';

/** `n` steps that each burn `ms` of CPU; returns how many ran. */
function* busySteps(n: number, ms: number): Steps<number> {
  let done = 0;
  for (let i = 0; i < n; i++) {
    yield;
    const until = performance.now() + ms;
    while (performance.now() < until) { /* burn */ }
    done++;
  }
  return done;
}

describe('turns (ADR-0031)', () => {
  it('runNow finishes every step without giving the event loop a turn', () => {
    const seen = { turns: 0 };
    const timer = setImmediate(() => { seen.turns++; });
    expect(runNow(busySteps(5, 2))).toBe(5);
    expect(seen.turns).toBe(0);
    clearImmediate(timer);
  });

  it('runInTurns lets other callbacks run once a slice has used its budget', async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 1);
    try {
      // 40 steps of 3 ms: 120 ms of work that would block the loop if run in one go.
      expect(await runInTurns(busySteps(40, 3), 8)).toBe(40);
    } finally {
      clearInterval(ticker);
    }
    expect(ticks).toBeGreaterThan(3);
    // The bound is one budget plus one step; the margin absorbs a loaded CI machine.
    expect(longestGap).toBeLessThan(100);
  });

  it('runSized runs short input at once and long input in turns', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('turn'));
    await runSized((function* () { yield; order.push('short'); return 0; })(), 10);
    expect(order).toEqual(['short']);
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['short', 'turn']);
    expect(await runSized(busySteps(3, 1), STEP_CHARS + 1)).toBe(3);
  });

  it('spaceSlices cuts just after a space, never inside a word, and covers the text exactly', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `word${i}`);
    const text = words.join(' ');
    const slices = [...spaceSlices(text, 1000)];
    expect(slices.join('')).toBe(text);
    expect(slices.length).toBeGreaterThan(10);
    for (const s of slices.slice(0, -1)) expect(s.endsWith(' ')).toBe(true);
    expect(slices.flatMap((s) => s.split(' ').filter(Boolean))).toEqual(words);
    expect([...spaceSlices('x'.repeat(5000), 1000)]).toEqual(['x'.repeat(5000)]);
    expect([...spaceSlices('', 1000)]).toEqual(['']);
  });
});
