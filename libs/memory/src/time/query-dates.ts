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

const RULES: Rule[] = [
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
const MAY_NAME_A_TIME = /\d|\b(?:yesterday|today|ago|weeks?|months?|years?|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

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
      out.push(w);
    }
  }
  return out;
}
