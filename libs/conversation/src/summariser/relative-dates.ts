/*
 * Relative dates in a summary bullet, made absolute (issue 21). A bullet is read long after the
 * turn it quotes: "yesterday" or "last Friday" then means nothing, so each such phrase gets the
 * date it meant, counted from the time the turn was said ("I ran a charity race last Sunday",
 * said on Thu 25 May 2023 → "… last Sunday (Sunday 21 May 2023)"). Pure and deterministic: the
 * reference is the event's own time, never the clock. Dates are UTC, as the TOC's buckets are.
 */

const DAY_MS = 86_400_000;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, few: 3, couple: 2 };

const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY_MS);
/** "Sunday 21 May 2023". */
export const fullDay = (d: Date): string => `${WEEKDAYS[d.getUTCDay()]?.replace(/^./, (c) => c.toUpperCase())} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const dayMonthYear = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const monthYear = (year: number, month: number) => {
  const d = new Date(Date.UTC(year, month, 1));
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
/** Monday of the week holding `d` (ISO weeks). */
const mondayOf = (d: Date) => addDays(d, -((d.getUTCDay() + 6) % 7));
const weekOf = (d: Date) => `week of ${dayMonthYear(mondayOf(d))}`;
/** The Saturday of the weekend before (or, for a Sunday, holding) `d`. */
const weekendBefore = (d: Date) => addDays(d, -(((d.getUTCDay() + 1) % 7) || 7));
const countOf = (w: string) => NUMBERS[w.toLowerCase()] ?? Number(w);

type Rule = { re: RegExp; date: (m: RegExpExecArray, at: Date) => string | null };

const UNIT = '(day|week|weekend|month|year)s?';
const RULES: Rule[] = [
  { re: /\b(yesterday|last night)\b/gi, date: (_m, at) => dayMonthYear(addDays(at, -1)) },
  { re: /\btomorrow\b/gi, date: (_m, at) => dayMonthYear(addDays(at, 1)) },
  {
    // "last Friday": the latest Friday before the day it was said.
    re: /\b(last|this past|past) (sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/gi,
    date: (m, at) => {
      const want = WEEKDAYS.indexOf((m[2] as string).toLowerCase());
      return fullDay(addDays(at, -(((at.getUTCDay() - want + 7) % 7) || 7)));
    },
  },
  {
    re: /\bnext (sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/gi,
    date: (m, at) => {
      const want = WEEKDAYS.indexOf((m[1] as string).toLowerCase());
      return fullDay(addDays(at, ((want - at.getUTCDay() + 7) % 7) || 7));
    },
  },
  { re: /\b(last|this past|past) weekend\b/gi, date: (_m, at) => `weekend of ${dayMonthYear(weekendBefore(at))}` },
  { re: /\bnext weekend\b/gi, date: (_m, at) => `weekend of ${dayMonthYear(addDays(weekendBefore(at), 7))}` },
  { re: /\blast week\b/gi, date: (_m, at) => weekOf(addDays(at, -7)) },
  { re: /\bnext week\b/gi, date: (_m, at) => weekOf(addDays(at, 7)) },
  { re: /\blast month\b/gi, date: (_m, at) => monthYear(at.getUTCFullYear(), at.getUTCMonth() - 1) },
  { re: /\bnext month\b/gi, date: (_m, at) => monthYear(at.getUTCFullYear(), at.getUTCMonth() + 1) },
  { re: /\blast year\b/gi, date: (_m, at) => String(at.getUTCFullYear() - 1) },
  { re: /\bnext year\b/gi, date: (_m, at) => String(at.getUTCFullYear() + 1) },
  { re: /\blast (spring|summer|autumn|fall|winter)\b/gi, date: (m, at) => `${(m[1] as string).toLowerCase()} ${at.getUTCFullYear() - 1}` },
  {
    // "two weeks ago", "a few days ago", "3 years ago".
    re: new RegExp(`\\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|couple|\\d{1,2})(?: of)? ${UNIT} ago\\b`, 'gi'),
    date: (m, at) => {
      const n = countOf(m[1] as string);
      if (!Number.isFinite(n) || n <= 0) return null;
      const unit = (m[2] as string).toLowerCase();
      if (unit === 'day') return dayMonthYear(addDays(at, -n));
      if (unit === 'week') return weekOf(addDays(at, -7 * n));
      if (unit === 'weekend') return `weekend of ${dayMonthYear(addDays(weekendBefore(at), -7 * (n - 1)))}`;
      if (unit === 'month') return monthYear(at.getUTCFullYear(), at.getUTCMonth() - n);
      return String(at.getUTCFullYear() - n);
    },
  },
];

/**
 * `text` with the date each relative phrase meant, said at `at`, in brackets after the phrase
 * ("last week (week of 1 May 2023)"). Phrases it does not know are left as they are.
 */
export function anchorRelativeDates(text: string, at: Date): string {
  const inserts: { end: number; note: string }[] = [];
  for (const { re, date } of RULES) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const end = m.index + m[0].length;
      // One note per place (a longer phrase found first wins) and none where a date already follows.
      if (inserts.some((i) => i.end >= m!.index && i.end <= end) || /^\s*\(/.test(text.slice(end))) continue;
      const note = date(m, at);
      if (note) inserts.push({ end, note });
    }
  }
  let out = text;
  for (const { end, note } of inserts.sort((a, b) => b.end - a.end)) out = `${out.slice(0, end)} (${note})${out.slice(end)}`;
  return out;
}
