import { sql } from 'kysely';
import { escapeRegExp, PeopleBook, type Mention } from '@engram/memory';
import type { ConversationDb } from '../conversation-database.js';

/*
 * The people a conversation search names (issue 35, as memory search has them): a question spells
 * a person as it likes ("elise", "Paolla") or calls them by a name the chat uses ("Kate" for the
 * speaker stored as "Emi"). One probe per new word reads the project's turns that say it, with the
 * turns around them, and teaches memory's PeopleBook who speaks and who is addressed by it.
 */

/** A probe's answer stays this long per project and word (new turns may add a name). */
const CACHE_TTL_MS = 60_000;
/** Turns read per word, and recent turns read for the project's speakers. */
const TURNS_PER_WORD = 40;
const RECENT_TURNS = 300;
/** Words of a query probed at most. */
const MAX_WORDS = 8;

/** Who said an event: its metadata's `speaker`, else the "Name:" its text starts with. */
const speakerOf = (alias: string) =>
  sql<string | null>`coalesce(${sql.ref(`${alias}.metadata`)}->>'speaker', substring(${sql.ref(`${alias}.text`)} from '^([^:\n]{1,40}):\\s'))`;

/** Who a query names, and the project's speakers as the book knows them. */
export interface PeopleNamed {
  mentions: Mention[];
  speakers: string[];
}

export type PeopleOf = (project: string, text: string) => Promise<PeopleNamed>;

type ProbeRow = { w: string | null; event_id: string | null; text: string | null; speaker: string | null; prev: string | null; next: string | null };

/** {@link PeopleOf} over one database, with a per-process book and probe cache. */
export function createPeopleOf(db: ConversationDb): PeopleOf {
  const book = new PeopleBook();
  const probed = new Map<string, number>();
  const fresh = (k: string) => Date.now() - (probed.get(k) ?? -Infinity) < CACHE_TTL_MS;

  async function probe(project: string, words: string[], speakersToo: boolean): Promise<void> {
    const around = (after: boolean) => sql<string | null>`(SELECT ${speakerOf('n')} FROM conversation_events n
      WHERE n.session_id = e.session_id AND n.project = e.project AND ${after ? sql`(n.ts, n.seq) > (e.ts, e.seq)` : sql`(n.ts, n.seq) < (e.ts, e.seq)`}
      ORDER BY ${after ? sql`n.ts, n.seq` : sql`n.ts DESC, n.seq DESC`} LIMIT 1)`;
    const r = await sql<ProbeRow>`
      SELECT NULL::text AS w, NULL::text AS event_id, NULL::text AS text, s.speaker, NULL::text AS prev, NULL::text AS next
        FROM (SELECT DISTINCT ${speakerOf('r')} AS speaker FROM (SELECT e.text, e.metadata FROM conversation_events e
          WHERE e.project = ${project} AND ${speakersToo} ORDER BY e.ts DESC, e.seq DESC LIMIT ${RECENT_TURNS}) r) s
      UNION ALL
      SELECT w, e.event_id, e.text, ${speakerOf('e')}, ${around(false)}, ${around(true)}
        FROM unnest(${words}::text[]) AS w
        CROSS JOIN LATERAL (SELECT * FROM conversation_events e WHERE e.project = ${project}
          AND e.search_tsv @@ plainto_tsquery('english', w) ORDER BY e.ts DESC, e.seq DESC LIMIT ${TURNS_PER_WORD}) e`.execute(db);
    const speakers = r.rows.filter((x) => x.w === null && x.speaker !== null);
    book.learn(speakers.map((x, i) => ({ id: `speaker:${i}`, scope: project, speaker: x.speaker, text: '' })));
    book.learn(r.rows.filter((x) => x.w !== null && x.event_id !== null).map((x) => ({
      id: x.event_id as string, scope: project, speaker: x.speaker, text: x.text ?? '', around: [x.next, x.prev],
    })));
  }

  return async function peopleOf(project: string, text: string): Promise<PeopleNamed> {
    const words = [...new Set((text.match(/\p{Lu}[\p{L}'’-]{1,30}/gu) ?? []).map((w) => w.replace(/['’]s$/, '')))].slice(0, MAX_WORDS);
    const ask = words.filter((w) => !fresh(`${project}\u0000${w}`));
    const speakersToo = !fresh(`${project}\u0000`);
    if (ask.length > 0 || speakersToo) {
      await probe(project, ask, speakersToo);
      const now = Date.now();
      for (const w of ask) probed.set(`${project}\u0000${w}`, now);
      probed.set(`${project}\u0000`, now);
      if (probed.size > 100_000) probed.clear();
    }
    return { mentions: book.mentions([project], text), speakers: book.speakers(project) };
  };
}

/** "recommend to Emi", "share with Kevin", "got for Joanna": a name the question gives someone something. */
const RECIPIENT = (word: string) => new RegExp(`\\b(?:to|with|for)\\s+${escapeRegExp(word)}\\b(?!['’]s\\b)`, 'i');
/** Words that make two named people one subject ("both", "Kevin and Paola", "each other", "together"). */
const TOGETHER = /\b(?:both|and|each other|together)\b/i;

/**
 * The speakers a question asks about: those its mentions name, less the one it names only as
 * whom something was said, given or shown to ("What tips did Paola give to Emi?" asks about
 * Paola's turns), when that leaves exactly one. A question that joins the two ("both", "and")
 * keeps both, and so does one whose names both follow such a word. English words only, like the
 * rest of the query reader: elsewhere every named speaker counts, as before.
 */
export function speakersAsked(text: string, mentions: readonly Mention[]): string[] {
  const named = [...new Set(mentions.map((m) => m.speaker))];
  if (named.length !== 2 || TOGETHER.test(text)) return named;
  const recipients = new Set(mentions.filter((m) => RECIPIENT(m.word).test(text)).map((m) => m.speaker));
  const asked = named.filter((s) => !recipients.has(s));
  return asked.length === 1 ? asked : named;
}
