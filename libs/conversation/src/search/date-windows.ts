import { sql } from 'kysely';
import { aroundNamedDay, windowsIn } from '@engram/memory';
import type { ConversationDb } from '../conversation-database.js';
import { keywordEvents, type TimeWindow } from './event-search.js';
import type { TermStatsReader } from './term-stats.js';

const UNIT_MS = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 } as const;
/** "the week before the trip", "a day after we moved", "the month before her birthday". */
const ANCHORED = /\b(?:the|a|one)\s+(day|week|month)\s+(before|after)\s+([^?.!,;]{3,120})/i;
/** At most this many date windows boost one search (each costs a query or two). */
const MAX_WINDOWS = 2;

/**
 * Splits "the week before the trip" off a search text: the rest is what to look for, the phrase
 * only says when (its words would otherwise find the trip itself).
 */
export function withoutAnchor(text: string): string {
  const m = ANCHORED.exec(text);
  const rest = m ? text.replace(m[0], ' ').trim() : text;
  return rest.length > 0 ? rest : text;
}

/** The project's newest event time: "now" for relative dates in a backfilled conversation. */
async function newestEvent(db: ConversationDb, project: string): Promise<Date | null> {
  const r = await sql<{ ts: Date | string | null }>`SELECT max(ts) AS ts FROM conversation_events WHERE project = ${project}`.execute(db);
  const ts = r.rows[0]?.ts;
  return ts ? new Date(ts) : null;
}

/**
 * Event-time windows a search text names (issue 21): absolute and relative dates (query-dates),
 * and "the <day|week|month> before/after <something>", anchored at the best keyword match of that
 * something in the project's own conversation.
 */
export async function dateWindowsOf(db: ConversationDb, termStats: TermStatsReader, project: string, text: string): Promise<TimeWindow[]> {
  const reference = await newestEvent(db, project);
  if (!reference) return [];
  const out: TimeWindow[] = [];
  const found = ANCHORED.exec(text);
  // "the week after 3 May" is a date the reader bends itself; only an event ("the week before the trip") is looked up.
  const anchored = found && windowsIn(found[3] as string, reference).length === 0 ? found : null;
  if (anchored) {
    const [anchor] = await keywordEvents(db, project, await termStats(project, anchored[3] as string), 1);
    if (anchor) {
      const span = UNIT_MS[(anchored[1] as string).toLowerCase() as keyof typeof UNIT_MS];
      const t = anchor.ts.getTime();
      out.push((anchored[2] as string).toLowerCase() === 'before' ? { from: new Date(t - span), to: anchor.ts } : { from: anchor.ts, to: new Date(t + span) });
    }
  }
  out.push(...windowsIn(anchored ? text.replace(anchored[0], ' ') : text, new Date(reference.getTime() + 1)));
  // A named day reads the days around it, in any time zone (memory's aroundNamedDay, ADR-0057).
  return out.slice(0, MAX_WINDOWS).map(aroundNamedDay);
}
