// Measures how long a piece of async work keeps this thread from running anything else: a 1 ms
// ticker records the longest gap between its ticks while the work runs (issue 17's ~50 ms bound).

/** Runs `run` and returns its result, the longest gap between ticks of this thread, and the total time. */
export async function longestPause<T>(run: () => Promise<T>): Promise<{ result: T; pauseMs: number; totalMs: number }> {
  // Late in a full run the jest worker's heap is large, and a major GC inside the window once
  // measured 1 s on CI. Collecting first (node --expose-gc, as `npm test` runs jest) keeps the
  // measurement about the work; without the flag this is skipped.
  (globalThis as { gc?: () => void }).gc?.();
  let last = performance.now();
  let pauseMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    pauseMs = Math.max(pauseMs, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  try {
    const result = await run();
    return { result, pauseMs: Math.max(pauseMs, performance.now() - last), totalMs: performance.now() - start };
  } finally {
    clearInterval(ticker);
  }
}
