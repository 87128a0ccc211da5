// The conversation dataset (LoCoMo format, ../shared/datasets/README.md): read at run time from
// outside the repository, turned into turns to store and questions to ask.
import { readFileSync } from 'node:fs';

/** One dialogue turn as it is stored: one `episode` memory. */
export interface Turn {
  diaId: string;
  speaker: string;
  session: number;
  /** The session's date/time as the dataset writes it ("1:56 pm on 8 May, 2023"). */
  date: string;
  validFrom: Date;
  content: string;
}

/** A question and the turns that answer it. */
export interface Question {
  text: string;
  category: number;
  evidence: string[];
}

/** One conversation: its own scope, its turns in order, its questions. */
export interface Conversation {
  sampleId: string;
  turns: Turn[];
  questions: Question[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "1:56 pm on 8 May, 2023" → that instant in UTC (the dataset carries no time zone). */
export function parseSessionDate(text: string): Date {
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

// Some evidence entries pack two ids in one string ("D8:6; D9:17"); split them, drop the malformed.
function evidenceIds(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e) => String(e).split(/[;,\s]+/)).filter((e) => /^D\d+:\d+$/.test(e));
}

function sessionTurns(conv: Record<string, any>): Turn[] {
  const sessions = Object.keys(conv)
    .map((k) => /^session_(\d+)$/.exec(k))
    .flatMap((m) => (m ? [Number(m[1])] : []))
    .sort((a, b) => a - b);
  return sessions.flatMap((n) => {
    const date = String(conv[`session_${n}_date_time`]);
    const validFrom = parseSessionDate(date);
    return (conv[`session_${n}`] as any[]).map((t) => ({
      diaId: String(t.dia_id), speaker: String(t.speaker), session: n, date, validFrom,
      content: turnContent(String(t.speaker), String(t.text), t.blip_caption),
    }));
  });
}

/** Reads the dataset file; `only` keeps the named sample ids (all when empty). */
export function loadConversations(file: string, only: string[] = []): Conversation[] {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as any[];
  const picked = only.length === 0 ? raw : raw.filter((c) => only.includes(String(c.sample_id)));
  const missing = only.filter((id) => !raw.some((c) => String(c.sample_id) === id));
  if (missing.length > 0) throw new Error(`no conversation ${missing.join(', ')} in ${file}`);
  return picked.map((c) => ({
    sampleId: String(c.sample_id),
    turns: sessionTurns(c.conversation),
    questions: (c.qa as any[])
      .map((q) => ({ text: String(q.question), category: Number(q.category), evidence: evidenceIds(q.evidence) }))
      .filter((q) => q.evidence.length > 0),
  }));
}
