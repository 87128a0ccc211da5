import { aroundNamedDay, windowsIn, type TimeWindow } from '@engram/memory';

/**
 * Time in questions (issue 16): "what did she paint on October 13, 2023?" names when the memory was
 * made. A memory's time is its `valid_from` (the session date of a stored turn, the creation time
 * of an agent's note), and the times its text names read against that date ("last month", "two
 * weeks ago", "yesterday", "13 March"). Memories from a named day, week or month are lifted
 * towards a perfect score; nothing is filtered out, because the date may be the time of the event
 * talked about in words no reader resolves ("when did Melanie go camping in June?" is answered in July).
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

/** How much a match between two spans of time says: by the wider of the two; nothing past a month. */
function boostFor(days: number): number {
  return days <= 1 ? DATE_BOOST : days <= 7 ? DATE_BOOST / 2 : days <= MAX_WINDOW_DAYS ? DATE_BOOST / 4 : 0;
}

const widthDays = (w: TimeWindow) => (w.to.getTime() - w.from.getTime()) / DAY_MS;

/**
 * A day a question names, seen from the chat: people tell on the next day what they did ("we
 * whipped up a pasta dish", the evening after the class), plan it the day before, and a message
 * time is an instant that falls on another date in the asker's time zone (memory's
 * aroundNamedDay). Those times earn the boost of a two-day span. Asked only of times outside `w`;
 * a wider window is its own span, so nothing lies beside it.
 */
function besideDay(at: Date, w: TimeWindow): boolean {
  const around = aroundNamedDay(w);
  return at >= around.from && at < around.to;
}

/** The windows a keyword read looks inside: the named days with the days around them (besideDay). */
export function readWindows(windows: readonly TimeWindow[]): TimeWindow[] {
  return windows.map(aroundNamedDay);
}

/**
 * The boost a memory earns: DATE_BOOST when its time `at` lies in a day window, less for wider
 * ones, 0 outside. `said` are the times its text names, read against `at` ("last month" in a turn of
 * 12 April is March): a memory also earns the boost when one of them meets a window, by the wider
 * of the two, so "what did John attend in March?" lifts the April turn that says "last month".
 */
export function dateBoostOf(at: Date, windows: readonly TimeWindow[], said: readonly TimeWindow[] = []): number {
  let best = 0;
  for (const w of windows) {
    if (at >= w.from && at < w.to) best = Math.max(best, boostFor(widthDays(w)));
    else if (besideDay(at, w)) best = Math.max(best, boostFor(2));
    for (const e of said) {
      if (e.from < w.to && e.to > w.from) best = Math.max(best, boostFor(Math.max(widthDays(w), widthDays(e))));
    }
  }
  return best;
}

/** Only the start of a long memory is read for the times it names: the cost of a query stays bounded. */
const SAID_READ_CHARS = 2_000;

/** The times a memory's text names, read against its own time `at`. */
function timesSaid(content: string | undefined, at: Date): TimeWindow[] {
  return content ? windowsIn(content.slice(0, SAID_READ_CHARS), at) : [];
}

/** Lifts the scores of memories from the named windows, keeping them in [0, 1], and re-sorts. */
export function boostDated<R extends { id: string; valid_from: Date | string; content?: string }>(
  hits: { row: R; score: number }[], windows: readonly TimeWindow[],
): { row: R; score: number }[] {
  if (windows.length === 0) return hits;
  return hits
    .map(({ row, score }) => {
      const at = new Date(row.valid_from);
      const b = dateBoostOf(at, windows, timesSaid(row.content, at));
      return { row, score: score + b * (1 - score) };
    })
    .sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? -1 : 1));
}
