/*
 * Dates named in a search text (issues 16 and 21): "October 13", "13 Oct 2023", "May 2023", "last May",
 * "in 2023", "yesterday", "last week", "two weeks ago". Each becomes a time window in UTC (the TOC's
 * buckets; a memory's valid_from). Relative expressions are read against `reference` — for
 * conversation search the newest event of the project, not the wall clock: a backfilled or imported
 * conversation has its own "now". A date without a year is the latest such date not after the reference.
 */

/** A span of time, [from, to). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const DAY_MS = 86_400_000;

const utc = (y: number, m: number, d = 1) => new Date(Date.UTC(y, m, d));
const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase());
const dayWindow = (y: number, m: number, d: number): TimeWindow => ({ from: utc(y, m, d), to: utc(y, m, d + 1) });
const monthWindow = (y: number, m: number): TimeWindow => ({ from: utc(y, m), to: utc(y, m + 1) });

/** The latest year in which (month, day) is not after the reference. */
function yearFor(ref: Date, m: number, d = 1): number {
  const y = ref.getUTCFullYear();
  return utc(y, m, d) <= ref ? y : y - 1;
}

function startOfWeek(d: Date): Date {
  const day = (d.getUTCDay() + 6) % 7; // Monday = 0 (ISO weeks, like the TOC)
  return utc(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day);
}

type Rule = { re: RegExp; win: (m: RegExpExecArray, ref: Date) => TimeWindow | null };

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAY = '(sun|mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?)(?:day)?s?';
const ORDINAL: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 };

const validDay = (y: number, m: number, d: number): TimeWindow | null => {
  const w = dayWindow(y, m, d);
  return m >= 0 && m <= 11 && d >= 1 && d <= 31 && w.from.getUTCDate() === d ? w : null;
};
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
const dayOffset = (ref: Date, n: number) => dayWindow(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate() + n);

/** The `which` (last / next / this or on) weekday `day` (0 = Sunday) around the reference. */
function weekday(ref: Date, day: number, which: string): TimeWindow {
  const today = ref.getUTCDay();
  const back = (today - day + 7) % 7 || 7;
  const ahead = (day - today + 7) % 7 || 7;
  if (which === 'last') return dayOffset(ref, -back);
  if (which === 'next') return dayOffset(ref, ahead);
  // "on Friday", "this Friday": the nearer one, today included.
  if (today === day) return dayOffset(ref, 0);
  return back <= ahead ? dayOffset(ref, -back) : dayOffset(ref, ahead);
}

/** The weekend (Saturday and Sunday) `n` weekends after the one of the reference's week (negative: before). */
function weekend(ref: Date, n: number): TimeWindow {
  const saturday = new Date(startOfWeek(ref).getTime() + (5 + 7 * n) * DAY_MS);
  return { from: saturday, to: new Date(saturday.getTime() + 2 * DAY_MS) };
}

const RULES: Rule[] = [
  // 2024-01-10 (ISO)
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g, win: (m) => validDay(Number(m[1]), Number(m[2]) - 1, Number(m[3])) },
  // 10.01.2024: day first, as every calendar that writes dots does
  { re: /\b(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})\b/g, win: (m) => validDay(fullYear(m[3] as string), Number(m[2]) - 1, Number(m[1])) },
  // 1/10/2024: month first unless the first number cannot be a month
  { re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/g, win: (m) => {
    const [a, b] = [Number(m[1]), Number(m[2])];
    return a > 12 ? validDay(fullYear(m[3] as string), b - 1, a) : validDay(fullYear(m[3] as string), a - 1, b);
  } },
  // the first week of January 2024 / the last week of 2023
  { re: new RegExp(`\\b(first|1st|second|2nd|third|3rd|fourth|4th|last|final)\\s+week\\s+of\\s+(?:${MONTH}\\b,?\\s*)?(\\d{4})?`, 'gi'), win: (m, ref) => {
    if (!m[2] && !m[3]) return null;
    const mo = m[2] ? monthOf(m[2]) : null;
    const y = m[3] ? Number(m[3]) : yearFor(ref, mo ?? 0);
    const n = ORDINAL[(m[1] as string).toLowerCase()];
    const [first, end] = mo === null ? [utc(y, 0), utc(y + 1, 0)] : [utc(y, mo), utc(y, mo + 1)];
    const from = n === undefined ? new Date(end.getTime() - 7 * DAY_MS) : new Date(first.getTime() + (n - 1) * 7 * DAY_MS);
    return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
  } },
  // 13 October 2023 / 13th of Oct, 2023 / 13 October
  { re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b,?(?:\\s+(\\d{4}))?`, 'gi'), win: (m, ref) => {
    const mo = monthOf(m[2] as string);
    const d = Number(m[1]);
    return d >= 1 && d <= 31 ? dayWindow(m[3] ? Number(m[3]) : yearFor(ref, mo, d), mo, d) : null;
  } },
  // October 13, 2023 / Oct 13th / October 13
  { re: new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?!\\d)(?:,?\\s+(\\d{4}))?`, 'gi'), win: (m, ref) => {
    const mo = monthOf(m[1] as string);
    const d = Number(m[2]);
    return d >= 1 && d <= 31 ? dayWindow(m[3] ? Number(m[3]) : yearFor(ref, mo, d), mo, d) : null;
  } },
  // May 2023 / in May / last May / this May
  { re: new RegExp(`\\b(last|this|in|during|since)?\\s*${MONTH}\\b(?:,?\\s+(\\d{4}))?`, 'gi'), win: (m, ref) => {
    const mo = monthOf(m[2] as string);
    if (m[3]) return monthWindow(Number(m[3]), mo);
    if (!m[1] && (m[2] as string).toLowerCase() === 'may') return null; // the verb
    const y = yearFor(ref, mo);
    const last = (m[1] ?? '').toLowerCase() === 'last' && y === ref.getUTCFullYear() && mo === ref.getUTCMonth() ? y - 1 : y;
    return monthWindow(last, mo);
  } },
  // in 2023 / 2022
  { re: /\b(19\d{2}|20\d{2})\b/g, win: (m) => ({ from: utc(Number(m[1]), 0), to: utc(Number(m[1]) + 1, 0) }) },
  { re: /\byesterday\b/gi, win: (_m, ref) => dayWindow(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate() - 1) },
  { re: /\btomorrow\b/gi, win: (_m, ref) => dayOffset(ref, 1) },
  { re: /\b(last|this|next|coming|past)?\s*weekend\b/gi, win: (m, ref) => {
    // "this weekend" is the one of the reference's week (under way on a Saturday or Sunday).
    const which = (m[1] ?? 'this').toLowerCase();
    return weekend(ref, which === 'last' || which === 'past' ? -1 : which === 'next' ? 1 : 0);
  } },
  { re: new RegExp(`\\b(last|this|next|on|coming)\\s+${WEEKDAY}\\b`, 'gi'), win: (m, ref) => {
    const stem = (m[2] as string).toLowerCase().slice(0, 3);
    const day = WEEKDAYS.findIndex((d) => d.startsWith(stem));
    const which = (m[1] as string).toLowerCase();
    return day < 0 ? null : weekday(ref, day, which === 'coming' ? 'next' : which);
  } },
  { re: /\b(next|coming)\s+(week|month|year)\b/gi, win: (m, ref) => relative((m[2] as string).toLowerCase(), -1, ref) },
  { re: /\bin\s+(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(day|week|month)s?\b/gi, win: (m, ref) => {
    const n = /^\d+$/.test(m[1] as string) ? Number(m[1]) : (NUMBERS[(m[1] as string).toLowerCase()] ?? 1);
    return n > 366 ? null : relative((m[2] as string).toLowerCase(), -n, ref);
  } },
  { re: /\btoday\b/gi, win: (_m, ref) => dayWindow(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate()) },
  { re: /\b(last|this|previous|past)\s+(week|month|year)\b/gi, win: (m, ref) => relative((m[2] as string).toLowerCase(), /this/i.test(m[1] as string) ? 0 : 1, ref) },
  { re: /\b(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(day|week|month|year)s?\s+ago\b/gi, win: (m, ref) => {
    const n = /^\d+$/.test(m[1] as string) ? Number(m[1]) : (NUMBERS[(m[1] as string).toLowerCase()] ?? 1);
    return relative((m[2] as string).toLowerCase(), n, ref);
  } },
];

/** The `n`-th previous (0 = current) calendar week, month or year, or day, before the reference. */
function relative(unit: string, n: number, ref: Date): TimeWindow {
  if (unit === 'day') return dayWindow(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate() - n);
  if (unit === 'week') {
    const from = new Date(startOfWeek(ref).getTime() - n * 7 * DAY_MS);
    return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
  }
  if (unit === 'month') return monthWindow(ref.getUTCFullYear(), ref.getUTCMonth() - n);
  return { from: utc(ref.getUTCFullYear() - n, 0), to: utc(ref.getUTCFullYear() - n + 1, 0) };
}

/**
 * Every rule above needs a digit, a month's name, "yesterday", "today", "ago" or a week, month or
 * year. One test of this spares a text that has none of them the eight rules (about 30 µs for a
 * dialogue turn); search runs the reader over each candidate memory (date lift, "when" prior),
 * and most name no time. A new rule must add its words here.
 */
const MAY_NAME_A_TIME = /\d|\b(?:yesterday|today|tomorrow|ago|weeks?|weekends?|months?|years?|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)/i;

const SHIFT = /\b(?:the\s+)?(day|week|month)\s+(before|after)\s+(?:the\s+)?$/i;
const UNTIL = /\b(?:shortly\s+|just\s+|right\s+)?(?:before|prior\s+to|until|till|up\s+to|as\s+of|by)\s+(?:the\s+)?$/i;
const SINCE = /\b(?:shortly\s+|just\s+|right\s+)?(?:after|since|following)\s+(?:the\s+)?$/i;
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30 };
/** How far "before May 3" and "after May 3" reach: two weeks, or the named span's own width if longer. */
const REACH_DAYS = 14;

/**
 * A date as the words before it bend it: "the week after 3 May" is the seven days from 4 May,
 * "the day before" the day before; "before", "as of" and "by" reach back from it, "after" and
 * "since" forward (a question that asks "shortly before 7 Jan" means the days leading up to it).
 */
function bent(w: TimeWindow, before: string): TimeWindow {
  const shift = SHIFT.exec(before);
  if (shift) {
    const len = (UNIT_DAYS[(shift[1] as string).toLowerCase()] as number) * DAY_MS;
    return (shift[2] as string).toLowerCase() === 'before'
      ? { from: new Date(w.from.getTime() - len), to: w.from }
      : { from: w.to, to: new Date(w.to.getTime() + len) };
  }
  const reach = Math.max(REACH_DAYS * DAY_MS, w.to.getTime() - w.from.getTime());
  if (UNTIL.test(before)) return { from: new Date(w.from.getTime() - reach), to: w.to };
  if (SINCE.test(before)) return { from: w.from, to: new Date(w.to.getTime() + reach) };
  return w;
}

/**
 * Windows for the dates a text names, most specific first; a span of text matched by one rule is
 * not read again by a later, coarser one ("13 October 2023" is a day, not also a month and a year).
 */
export function windowsIn(text: string, reference: Date): TimeWindow[] {
  if (!MAY_NAME_A_TIME.test(text)) return [];
  const taken: [number, number][] = [];
  const out: TimeWindow[] = [];
  for (const rule of RULES) {
    for (const m of text.matchAll(rule.re)) {
      const start = m.index + (m[0].length - m[0].trimStart().length);
      const end = m.index + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      const w = rule.win(m as RegExpExecArray, reference);
      if (!w || Number.isNaN(w.from.getTime())) continue;
      taken.push([start, end]);
      out.push(bent(w, text.slice(Math.max(0, start - 24), start)));
    }
  }
  return out;
}
