import type { TimeWindow } from './query-dates.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/*
 * Time zones run from UTC-12 to UTC+14. A calendar day someone names, in their own zone, begins up
 * to 14 hours before the UTC day of that date and ends up to 12 hours after it. Stored times are
 * instants (a message's own time), and whoever reads a question does not know the asker's zone:
 * "on 10.01.2024" in Florida holds a message stored at 2024-01-11T03:00Z.
 */
const EARLIEST_ZONE_MS = 14 * HOUR_MS;
const LATEST_ZONE_MS = 12 * HOUR_MS;

/**
 * A day a question names, seen from a chat (issue 35): the day on each side, because people tell
 * on the next day what they did and plan it the day before, in whatever zone they live. A window
 * wider than a day is returned as it is.
 */
export function aroundNamedDay(w: TimeWindow): TimeWindow {
  if (w.to.getTime() - w.from.getTime() > DAY_MS) return w;
  return { from: new Date(w.from.getTime() - DAY_MS - EARLIEST_ZONE_MS), to: new Date(w.to.getTime() + DAY_MS + LATEST_ZONE_MS) };
}
