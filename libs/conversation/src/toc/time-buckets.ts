/*
 * The time hierarchy (TOC-01): Year > Month > Week > Day > Segment, in UTC. A strict tree needs
 * every week inside one month, so an ISO week that spans a month boundary is two week nodes, one
 * per month (ADR-0013). Node ids are readable and stable: `year:2026`, `month:2026-11`,
 * `week:2026-11-W48`, `day:2026-11-23`, `segment:<start ISO>~<first event hash>`.
 */
export type TocLevel = 'year' | 'month' | 'week' | 'day' | 'segment';
export const TOC_LEVELS: readonly TocLevel[] = ['year', 'month', 'week', 'day', 'segment'];

const DAY_MS = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** ISO-8601 week number and week-year of a UTC date. */
export function isoWeek(d: Date): { year: number; week: number } {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const dow = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - dow);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  return { year: t.getUTCFullYear(), week: Math.ceil(((t.getTime() - yearStart) / DAY_MS + 1) / 7) };
}

export const dayId = (d: Date) => `day:${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
export const monthId = (d: Date) => `month:${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
export const yearId = (d: Date) => `year:${d.getUTCFullYear()}`;
export const weekId = (d: Date) => `week:${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-W${pad(isoWeek(d).week)}`;

/** The level of a node id (its prefix); throws on anything else. */
export function levelOf(nodeId: string): TocLevel {
  const level = nodeId.slice(0, nodeId.indexOf(':')) as TocLevel;
  if (!TOC_LEVELS.includes(level)) throw new RangeError(`not a TOC node id: ${nodeId}`);
  return level;
}

/** Start of the UTC day/month/year containing d. */
const dayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));

/** A time-bucket node above segments: its id, parent id, bounds [start, end) and a human label. */
export interface Bucket {
  nodeId: string;
  level: Exclude<TocLevel, 'segment'>;
  parentId: string | null;
  start: Date;
  end: Date;
  label: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The bucket of the given level that contains instant d. */
export function bucketOf(level: Bucket['level'], d: Date): Bucket {
  const y = d.getUTCFullYear();
  switch (level) {
    case 'year':
      return { nodeId: yearId(d), level, parentId: null, start: new Date(Date.UTC(y, 0, 1)), end: new Date(Date.UTC(y + 1, 0, 1)), label: String(y) };
    case 'month':
      return { nodeId: monthId(d), level, parentId: yearId(d), start: monthStart(d), end: nextMonth(d), label: `${MONTHS[d.getUTCMonth()]} ${y}` };
    case 'week': {
      const day = dayStart(d);
      const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
      const start = new Date(Math.max(monday.getTime(), monthStart(d).getTime()));
      const end = new Date(Math.min(monday.getTime() + 7 * DAY_MS, nextMonth(d).getTime()));
      return { nodeId: weekId(d), level, parentId: monthId(d), start, end, label: `Week ${isoWeek(d).week}, ${MONTHS[d.getUTCMonth()]} ${y}` };
    }
    case 'day': {
      const start = dayStart(d);
      return {
        nodeId: dayId(d), level, parentId: weekId(d), start, end: new Date(start.getTime() + DAY_MS),
        label: `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${y}`,
      };
    }
  }
}

/** The bucket a node id names (the inverse of the *Id functions above). */
export function bucketFromId(nodeId: string): Bucket {
  const level = levelOf(nodeId);
  if (level === 'segment') throw new RangeError(`a segment is not a time bucket: ${nodeId}`);
  const body = nodeId.slice(level.length + 1);
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?(?:-W(\d{2}))?$/.exec(body);
  if (!m) throw new RangeError(`malformed TOC node id: ${nodeId}`);
  const [, y, mo, d, w] = m;
  const year = Number(y);
  const month = mo ? Number(mo) - 1 : 0;
  if (level === 'week') {
    // The first day of that ISO week that falls in that month.
    for (let day = 1; day <= 31; day++) {
      const t = new Date(Date.UTC(year, month, day));
      if (t.getUTCMonth() !== month) break;
      if (isoWeek(t).week === Number(w)) return bucketOf('week', t);
    }
    throw new RangeError(`week ${w} does not touch ${body.slice(0, 7)}: ${nodeId}`);
  }
  return bucketOf(level, new Date(Date.UTC(year, month, d ? Number(d) : 1)));
}

/** The parent chain of a day: its week, month and year, bottom-up. */
export function ancestorsOfDay(day: Date): Bucket[] {
  return [bucketOf('week', day), bucketOf('month', day), bucketOf('year', day)];
}
