/** A time window the query asked for, in created_at terms. */
export interface TimeRange {
  createdAfter?: Date;
  createdBefore?: Date;
  /** The phrase it came from, e.g. "last week". */
  label: string;
}

const DAY = 86_400_000;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };
const MONTH_RE = `(${MONTHS.join('|')}|${MONTHS.map((m) => m.slice(0, 3)).join('|')})`;

const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

function monthIndex(name: string): number {
  return MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3)));
}

/** The most recent start of `month` not after `now` (or of that year when given). */
function monthStart(month: number, year: number | undefined, now: Date): Date {
  const y = year ?? (month <= now.getUTCMonth() ? now.getUTCFullYear() : now.getUTCFullYear() - 1);
  return new Date(Date.UTC(y, month, 1));
}

type Rule = [RegExp, (m: RegExpExecArray, now: Date) => Omit<TimeRange, 'label'>];

// Ordered: the first matching phrase decides. "recent" means the last 7 days (seed 000 FR-09 acceptance).
const RULES: Rule[] = [
  [/\btoday\b/i, (_m, now) => ({ createdAfter: startOfDay(now) })],
  [/\byesterday\b/i, (_m, now) => ({ createdAfter: new Date(startOfDay(now).getTime() - DAY), createdBefore: startOfDay(now) })],
  [/\b(?:last|past|previous) (\d{1,3}) (day|week|month|year)s?\b/i, (m, now) => ({ createdAfter: new Date(now.getTime() - Number(m[1]) * (UNIT_DAYS[(m[2] as string).toLowerCase()] ?? 1) * DAY) })],
  [/\b(?:last|past|previous|this) (day|week|month|year)\b/i, (m, now) => ({ createdAfter: new Date(now.getTime() - (UNIT_DAYS[(m[1] as string).toLowerCase()] ?? 1) * DAY) })],
  [/\bsince (\d{4}-\d{2}-\d{2})\b/i, (m) => ({ createdAfter: new Date(`${m[1]}T00:00:00Z`) })],
  [new RegExp(`\\bsince ${MONTH_RE}(?:\\s+(\\d{4}))?\\b`, 'i'), (m, now) => ({ createdAfter: monthStart(monthIndex(m[1] as string), m[2] ? Number(m[2]) : undefined, now) })],
  [new RegExp(`\\bbefore ${MONTH_RE}(?:\\s+(\\d{4}))?\\b`, 'i'), (m, now) => ({ createdBefore: monthStart(monthIndex(m[1] as string), m[2] ? Number(m[2]) : undefined, now) })],
  [new RegExp(`\\b(?:in|during) ${MONTH_RE}(?:\\s+(\\d{4}))?\\b`, 'i'), (m, now) => {
    const start = monthStart(monthIndex(m[1] as string), m[2] ? Number(m[2]) : undefined, now);
    return { createdAfter: start, createdBefore: new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)) };
  }],
  [/\b(recent|recently|latest|lately|newest)\b/i, (_m, now) => ({ createdAfter: new Date(now.getTime() - 7 * DAY) })],
];

/** The time range a natural-language query names, or null. */
export function parseTimeRange(query: string, now: Date): TimeRange | null {
  for (const [re, build] of RULES) {
    const m = re.exec(query);
    if (m) return { ...build(m, now), label: m[0] };
  }
  return null;
}
