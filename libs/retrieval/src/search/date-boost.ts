import { windowsIn, type TimeWindow } from '@engram/memory';

/**
 * Time in questions (issue 16): "what did she paint on October 13, 2023?" names when the memory was
 * made. A memory's time is its `valid_from` (the session date of a stored turn, the creation time
 * of an agent's note). Memories from a named day, week or month are lifted towards a perfect score;
 * nothing is filtered out, because the date may be the time of the event talked about rather than
 * of the talk ("when did Melanie go camping in June?" is answered in July).
 */

const DAY_MS = 86_400_000;
/** "in 2023" says little about which memory is meant: windows longer than a month do not boost. */
const MAX_WINDOW_DAYS = 31;
/** How far a dated memory moves towards a perfect score: s + β·(1 − s); halved per step in width (day → week → month). */
export const DATE_BOOST = 0.5;

/** The windows of at most a month that `text` names; relative dates are read against `now`. */
export function datedWindows(text: string, now: Date): TimeWindow[] {
  return windowsIn(text, now).filter((w) => w.to.getTime() - w.from.getTime() <= MAX_WINDOW_DAYS * DAY_MS).slice(0, 2);
}

/** The boost a memory of time `at` earns: DATE_BOOST for a day window, less for wider ones, 0 outside. */
export function dateBoostOf(at: Date, windows: readonly TimeWindow[]): number {
  let best = 0;
  for (const w of windows) {
    if (at < w.from || at >= w.to) continue;
    const days = (w.to.getTime() - w.from.getTime()) / DAY_MS;
    best = Math.max(best, days <= 1 ? DATE_BOOST : days <= 7 ? DATE_BOOST / 2 : DATE_BOOST / 4);
  }
  return best;
}

/** Lifts the scores of memories from the named windows, keeping them in [0, 1], and re-sorts. */
export function boostDated<R extends { id: string; valid_from: Date | string }>(
  hits: { row: R; score: number }[], windows: readonly TimeWindow[],
): { row: R; score: number }[] {
  if (windows.length === 0) return hits;
  return hits
    .map(({ row, score }) => {
      const b = dateBoostOf(new Date(row.valid_from), windows);
      return { row, score: score + b * (1 - score) };
    })
    .sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? -1 : 1));
}
