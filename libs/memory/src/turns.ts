import { setImmediate as nextTurn } from 'node:timers/promises';

/*
 * Cooperative time slicing for CPU work on long texts (issue 17, ADR-0031). A request's text work
 * (secret scan, tokenising, word lists) is written once as a generator that yields between small
 * steps. `runNow` drives it to the end in one go (short texts, synchronous callers); `runInTurns`
 * gives the event loop a turn whenever a slice has used its budget, so no single request holds the
 * loop (and a concurrent `/health`) longer than one slice plus one step, on any machine speed.
 */

/** Work that yields between steps and returns T at the end. */
export type Steps<T> = Generator<void, T, void>;

/** Longest run of steps between two turns of the event loop. */
export const TURN_BUDGET_MS = 8;

/** Runs every step now, without giving up the thread. */
export function runNow<T>(steps: Steps<T>): T {
  let r = steps.next();
  while (!r.done) r = steps.next();
  return r.value;
}

/** Runs the steps, giving the event loop a turn each time `budgetMs` has passed since the last one. */
export async function runInTurns<T>(steps: Steps<T>, budgetMs = TURN_BUDGET_MS): Promise<T> {
  let sliceStart = performance.now();
  let r = steps.next();
  while (!r.done) {
    if (performance.now() - sliceStart >= budgetMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
    r = steps.next();
  }
  return r.value;
}

/**
 * Runs the steps in turns when the input is long (more than one slice of `size` characters), and
 * at once otherwise: a short request behaves exactly as it did before time slicing (concurrent
 * creates keep reaching their commit in the same turn, where they share one statement).
 */
export function runSized<T>(steps: Steps<T>, size: number): Promise<T> {
  return size > STEP_CHARS ? runInTurns(steps) : Promise.resolve(runNow(steps));
}

/** Characters of text one step handles at most (a regex or a split over it takes well under 1 ms). */
export const STEP_CHARS = 16_384;

/**
 * Slices of `text` of about `size` characters, each cut just after a space, so that a word (and
 * any token that cannot contain a space) lies wholly inside one slice. A run without a space
 * longer than `size` is one slice.
 */
export function* spaceSlices(text: string, size = STEP_CHARS): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length) {
      const space = text.indexOf(' ', end);
      end = space < 0 ? text.length : space + 1;
    }
    yield text.slice(start, end);
    start = end;
  }
  if (text.length === 0) yield text;
}
