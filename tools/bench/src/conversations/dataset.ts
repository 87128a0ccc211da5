// The conversation dataset (LoCoMo format, ../shared/datasets/README.md): read at run time from
// outside the repository, turned into turns to store and questions to ask.
import { readFileSync } from 'node:fs';

/** One dialogue turn as it is stored: one `episode` memory. */
export interface Turn {
  diaId: string;
  speaker: string;
  session: number;
  /** The turn's date/time as the dataset writes it: LoCoMo's session time ("1:56 pm on 8 May, 2023"), REALTALK's message time. */
  date: string;
  /** When the turn was said: the message's own time where the dataset has one (REALTALK), else the session's. */
  validFrom: Date;
  content: string;
}

/** A question and the turns that answer it. */
export interface Question {
  text: string;
  category: number;
  evidence: string[];
}

/** One conversation: its turns in order, its questions, and where they are stored. */
export interface Conversation {
  sampleId: string;
  /** The scope its turns are stored in; absent: a scope of its own (load-turns.ts scopeOf). */
  scope?: string;
  turns: Turn[];
  questions: Question[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * "1:56 pm on 8 May, 2023" (LoCoMo) or "2023-12-29T22:42:04" (REALTALK) → that instant in UTC (the
 * datasets carry no time zone).
 */
export function parseSessionDate(text: string): Date {
  const iso = ISO_LOCAL.exec(text.trim());
  if (iso) return new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]), Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0)));
  const m = /^(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})$/i.exec(text.trim());
  const month = m ? MONTHS.indexOf((m[5] as string).toLowerCase()) : -1;
  if (!m || month < 0) throw new Error(`unrecognised session date: ${JSON.stringify(text)}`);
  const hour = (Number(m[1]) % 12) + ((m[3] as string).toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2])));
}

/** "<speaker>: <text>", plus " [shares <caption>]" when the turn shared an image. */
export function turnContent(speaker: string, text: string, caption: unknown): string {
  const shares = typeof caption === 'string' && caption.trim() !== '' ? ` [shares ${caption.trim()}]` : '';
  return `${speaker}: ${text}${shares}`;
}

/** "D12:3-D12:5" or "D12:3-5" → the ids of that range; anything else → itself. */
function expandRange(token: string): string[] {
  const m = /^D(\d+):(\d+)-(?:D(\d+):)?(\d+)$/.exec(token);
  if (!m || (m[3] !== undefined && m[3] !== m[1]) || Number(m[4]) < Number(m[2]) || Number(m[4]) - Number(m[2]) > 50) return [token];
  return Array.from({ length: Number(m[4]) - Number(m[2]) + 1 }, (_, i) => `D${m[1]}:${Number(m[2]) + i}`);
}

/**
 * Evidence as written is messy (datasets/README.md): entries pack several ids ("D8:6; D9:17",
 * "D13:4. D14:4"), give ranges ("D12:3-D12:5") or name turns the chat does not have. Split, expand,
 * strip stray punctuation, keep only the chat's own ids.
 */
export function evidenceIds(raw: unknown, known: ReadonlySet<string>): string[] {
  if (!Array.isArray(raw)) return [];
  const ids = raw.flatMap((e) => String(e).split(/[;,\s]+/))
    .map((e) => e.replace(/^[^D]+|[^\d]+$/g, ''))
    .flatMap(expandRange)
    .filter((e) => /^D\d+:\d+$/.test(e) && known.has(e));
  return [...new Set(ids)];
}

function sessionTurns(conv: Record<string, any>): Turn[] {
  const sessions = Object.keys(conv)
    .map((k) => /^session_(\d+)$/.exec(k))
    .flatMap((m) => (m ? [Number(m[1])] : []))
    .sort((a, b) => a - b);
  return sessions.flatMap((n) => {
    const sessionDate = String(conv[`session_${n}_date_time`]);
    const sessionFrom = parseSessionDate(sessionDate);
    return (conv[`session_${n}`] as any[]).map((t) => {
      const own = typeof t.date_time === 'string' && t.date_time.trim() !== '' ? t.date_time.trim() : null;
      return {
        diaId: String(t.dia_id), speaker: String(t.speaker), session: n, date: own ?? sessionDate, validFrom: own ? parseSessionDate(own) : sessionFrom,
        content: turnContent(String(t.speaker), String(t.text), t.blip_caption),
      };
    });
  });
}

/** Reads the dataset file; `only` keeps the named sample ids (all when empty). */
export function loadConversations(file: string, only: string[] = []): Conversation[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as any[];
  const picked = only.length === 0 ? raw : raw.filter((c) => only.includes(String(c.sample_id)));
  const missing = only.filter((id) => !raw.some((c) => String(c.sample_id) === id));
  if (missing.length > 0) throw new Error(`no conversation ${missing.join(', ')} in ${file}`);
  return picked.map((c) => {
    const turns = sessionTurns(c.conversation);
    const known = new Set(turns.map((t) => t.diaId));
    return {
      sampleId: String(c.sample_id),
      turns,
      questions: (c.qa as any[])
        .map((q) => ({ text: String(q.question), category: Number(q.category), evidence: evidenceIds(q.evidence, known) }))
        .filter((q) => q.evidence.length > 0),
    };
  });
}
