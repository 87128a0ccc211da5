import type { EmbeddingProvider } from '@engram/infra';
import { sql } from 'kysely';
import { asksForSeveral, asksWhen, withoutExclusions, withoutSpeakers, withoutNames, type TurnQuery } from '@engram/memory';
import { InvalidTocQueryError } from '../errors.js';
import { holdingNodes, keywordEvents, vectorEvents, type EventMatch, type TimeWindow } from '../search/event-search.js';
import { createTermStats, type TermStats } from '../search/term-stats.js';
import { spreadOverMomentsOf, withNeighbourContext, withSessionContext } from '../search/event-context.js';
import { fuseEventScores } from '../search/event-fusion.js';
import { dateWindowsOf, withoutAnchor } from '../search/date-windows.js';
import { withTurnPriors } from '../search/turn-priors.js';
import { createPeopleOf, speakersAsked } from '../search/people.js';
import type { TocLevel } from './time-buckets.js';
import type { ConversationDb } from '../conversation-database.js';

/** One teleport hit (TELE-04): a node, a grip or a raw event, with where it lives in time. */
export interface TocSearchHit {
  kind: 'node' | 'grip' | 'event';
  id: string;
  /** The node's title, the grip's excerpt or the event's text. */
  text: string;
  level: TocLevel | null;
  /** The node itself, the segment that cites the grip, or the segment holding the event (its day before the TOC caught up). */
  nodeId: string;
  /** The event's session (event hits only). */
  sessionId: string | null;
  at: Date;
  score: number;
  matchedBy: ('keyword' | 'vector')[];
}

export type TocSearchMode = 'keyword' | 'vector' | 'hybrid';

/** RRF constant (as the memory search, SPEC 5). */
const RRF_K = 60;
const MAX_QUERY = 1000;

interface Ranked { key: string; hit: Omit<TocSearchHit, 'score' | 'matchedBy'>; via?: TocSearchHit['matchedBy'] }

/**
 * Weight of each list in the fusion. Raw events carry the evidence itself; node summaries and grips
 * (which quote events) lead to the same turns less precisely, so they count half.
 */
const WEIGHT = { node: 0.5, grip: 0.5, event: 1 } as const;

async function keyword(db: ConversationDb, project: string, text: string, k: number): Promise<Ranked[][]> {
  const tsq = sql`websearch_to_tsquery('english', ${text})`;
  const nodes = await db.selectFrom('toc_latest')
    .innerJoin('toc_nodes', (j) => j.onRef('toc_nodes.project', '=', 'toc_latest.project')
      .onRef('toc_nodes.node_id', '=', 'toc_latest.node_id').onRef('toc_nodes.version', '=', 'toc_latest.version'))
    .select(['toc_nodes.node_id', 'toc_nodes.level', 'toc_nodes.title', 'toc_nodes.start_ts', sql<number>`ts_rank_cd(toc_nodes.search_tsv, ${tsq}, 32)`.as('rank')])
    .where('toc_latest.project', '=', project).where(sql<boolean>`toc_nodes.search_tsv @@ ${tsq}`)
    .orderBy('rank', 'desc').orderBy('toc_nodes.node_id').limit(k).execute();
  const grips = await db.selectFrom('toc_grips')
    .select(['grip_id', 'node_id', 'excerpt', 'ts', sql<number>`ts_rank_cd(search_tsv, ${tsq}, 32)`.as('rank')])
    .where('project', '=', project).where(sql<boolean>`search_tsv @@ ${tsq}`)
    .orderBy('rank', 'desc').orderBy('grip_id').limit(k).execute();
  return [
    nodes.map((r) => ({ key: `node:${r.node_id}`, hit: { kind: 'node', id: r.node_id, text: r.title, level: r.level as TocLevel, nodeId: r.node_id, sessionId: null, at: new Date(r.start_ts) } })),
    grips.map((r) => ({ key: `grip:${r.grip_id}`, hit: { kind: 'grip', id: r.grip_id, text: r.excerpt, level: null, nodeId: r.node_id, sessionId: null, at: new Date(r.ts) } })),
  ];
}

async function vector(db: ConversationDb, v: string, project: string, k: number): Promise<Ranked[][]> {
  const nodes = await db.selectFrom('toc_latest')
    .innerJoin('toc_nodes', (j) => j.onRef('toc_nodes.project', '=', 'toc_latest.project')
      .onRef('toc_nodes.node_id', '=', 'toc_latest.node_id').onRef('toc_nodes.version', '=', 'toc_latest.version'))
    .select(['toc_nodes.node_id', 'toc_nodes.level', 'toc_nodes.title', 'toc_nodes.start_ts'])
    .where('toc_latest.project', '=', project).where('toc_nodes.embedding', 'is not', null)
    .orderBy(sql`toc_nodes.embedding <=> ${v}::vector`).orderBy('toc_nodes.node_id').limit(k).execute();
  const grips = await db.selectFrom('toc_grips').select(['grip_id', 'node_id', 'excerpt', 'ts'])
    .where('project', '=', project).where('embedding', 'is not', null)
    .orderBy(sql`embedding <=> ${v}::vector`).orderBy('grip_id').limit(k).execute();
  return [
    nodes.map((r) => ({ key: `node:${r.node_id}`, hit: { kind: 'node', id: r.node_id, text: r.title, level: r.level as TocLevel, nodeId: r.node_id, sessionId: null, at: new Date(r.start_ts) } })),
    grips.map((r) => ({ key: `grip:${r.grip_id}`, hit: { kind: 'grip', id: r.grip_id, text: r.excerpt, level: null, nodeId: r.node_id, sessionId: null, at: new Date(r.ts) } })),
  ];
}

const eventRanked = (m: EventMatch): Ranked => ({
  key: `event:${m.eventId}`, hit: { kind: 'event', id: m.eventId, text: m.text, level: null, nodeId: '', sessionId: m.sessionId, at: m.ts },
});

type Embedder = Pick<EmbeddingProvider, 'embedQuery'> | null;
type List = { via: 'keyword' | 'vector'; weight: number; list: Ranked[] };

/** Reciprocal-rank fusion (k = 60) of weighted lists; ties by id. */
function fuse(lists: readonly List[], limit: number): TocSearchHit[] {
  const fused = new Map<string, TocSearchHit>();
  for (const { via, weight, list } of lists) {
    list.forEach((r, rank) => {
      const hit = fused.get(r.key) ?? { ...r.hit, score: 0, matchedBy: [] };
      hit.score += weight / (RRF_K + rank + 1);
      for (const v of r.via ?? [via]) if (!hit.matchedBy.includes(v)) hit.matchedBy.push(v);
      fused.set(r.key, hit);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, limit);
}

/**
 * What one search asks for. `window` narrows event hits to an event-time range; without it, dates
 * the text names ("October 13", "last May", "the week before the trip") boost events of that time.
 */
export interface TocSearchQuery { text: string; limit: number; mode?: TocSearchMode; window?: TimeWindow }

/** The hits, best first, and the mode that ran (`hybrid` falls back to `keyword` without a model). */
export interface TocSearchResult { hits: TocSearchHit[]; mode: TocSearchMode }

/** Teleport search over one project's TOC and event log; see {@link createTocSearch}. */
export interface TocSearch {
  search(project: string, query: TocSearchQuery): Promise<TocSearchResult>;
}

function validate(query: TocSearchQuery, embedder: Embedder): { text: string; mode: TocSearchMode } {
  const text = query.text.trim();
  if (!text || text.length > MAX_QUERY) throw new InvalidTocQueryError(`search text must be 1..${MAX_QUERY} characters`);
  if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > 100) throw new InvalidTocQueryError('limit must be an integer in 1..100');
  let mode = query.mode ?? 'hybrid';
  if (mode === 'vector' && !embedder) throw new InvalidTocQueryError('vector search needs the embedding model, which is not loaded in this process');
  if (mode === 'hybrid' && !embedder) mode = 'keyword';
  return { text, mode };
}

/**
 * Search over the latest TOC nodes, the grips and the raw events of one project (seed 002
 * TELE-01/02/04, issue 21): BM25-ranked full text over events and Postgres full text over
 * summaries (both work without a model), pgvector cosine over all three. Keyword and vector event
 * hits are first fused by score with session context (eventList); then all lists by weighted
 * reciprocal rank (k = 60). Event hits name their session and the segment that holds them.
 * Without an embedder, `hybrid` is keyword-only and `vector` is refused.
 */
export function createTocSearch(db: ConversationDb, embedder: Embedder): TocSearch {
  const termStats = createTermStats(db);
  const peopleOf = createPeopleOf(db);

  /** Every ranked list of one search; independent statements run concurrently (a pool serves them). */
  async function gather(project: string, asked: string, mode: TocSearchMode, query: TocSearchQuery): Promise<List[]> {
    const text = withoutAnchor(asked);
    const k = query.limit * 2;
    const ek = Math.max(k, 20);
    const list = (via: List['via'], kind: keyof typeof WEIGHT) => (l: Ranked[] | undefined): List => ({ via, weight: WEIGHT[kind], list: l ?? [] });
    const keywordOn = mode !== 'vector';
    // The sentence model embeds what was said; who said it is a prior on the turns (turn-priors).
    // BM25 reads a name the chat calls someone as the name their turns are stored under (people.ts).
    const people = peopleOf(project, text);
    // What the question rules out ("except the US") would find the turns it rules out (query-exclusions).
    const sought = withoutExclusions(text);
    const keywordQuery = people.then((p) => withoutNames(sought, p.mentions));
    const [stats, qv, windows, who, keywordText] = await Promise.all([
      keywordOn ? keywordQuery.then((t) => termStats(project, t)) : null,
      mode !== 'keyword' && embedder ? people.then((p) => embedder.embedQuery(withoutSpeakers(sought, p.mentions.map((m) => m.word)))).then((v) => `[${Array.from(v).join(',')}]`) : null,
      query.window ? [] : dateWindowsOf(db, termStats, project, asked),
      people,
      keywordQuery,
    ]);
    const pending: Promise<List | List[]>[] = [];
    if (stats) pending.push(keyword(db, project, keywordText, k).then(([n, g]) => [list('keyword', 'node')(n), list('keyword', 'grip')(g)]));
    if (qv) pending.push(vector(db, qv, project, k).then(([n, g]) => [list('vector', 'node')(n), list('vector', 'grip')(g)]));
    // Dated boost: inside each window the text names, the event search runs again as an extra list.
    // The one a question names only as a recipient ("recommend to Emi") is not who said the answer (people.ts).
    const turnQuery: TurnQuery = { namedSpeakers: speakersAsked(text, who.mentions), asksWhen: asksWhen(text) };
    const eventQuery = { ...turnQuery, speakers: who.speakers, asksForSeveral: asksForSeveral(text) };
    for (const w of [query.window, ...windows]) pending.push(eventList(project, stats, qv, ek, eventQuery, w));
    return (await Promise.all(pending)).flat();
  }

  /**
   * Events of one window: keyword and vector hits fused by normalised score (min-max, as ADR-0020)
   * into one list that counts for both, then neighbour context (a turn gains from the turns within
   * two of it in its session, which join the list, matched by what matched the hit that lent them
   * the most: ADR-0041), then the turn priors (another speaker than the one named, a turn that
   * asks: ADR-0030; a turn that names no time when the question asks when: ADR-0041 amendment 1),
   * then, for a question that asks for several things, the hits spread over moments (ADR-0053).
   * A single list keeps the predecessor's session context (ADR-0021 amendment).
   */
  async function eventList(project: string, stats: TermStats | null, qv: string | null, k: number, turnQuery: TurnQuery & { speakers: string[]; asksForSeveral: boolean }, w?: TimeWindow): Promise<List> {
    const [kw, vec] = await Promise.all([stats ? keywordEvents(db, project, stats, k, w) : null, qv ? vectorEvents(db, qv, project, k, w) : null]);
    if (kw && vec) {
      const fused = fuseEventScores(kw, vec);
      const via = new Map(fused.map((f) => [f.match.eventId, f.via]));
      const near = await withNeighbourContext(db, project, fused.map((f) => f.match), w, turnQuery.speakers);
      const ranked = withTurnPriors(near.hits, turnQuery, turnQuery.speakers);
      const inContext = turnQuery.asksForSeveral ? spreadOverMomentsOf(ranked, near.links) : ranked;
      return { via: 'keyword', weight: 2 * WEIGHT.event, list: inContext.map((m) => ({ ...eventRanked(m), via: via.get(m.eventId) ?? via.get(m.contextOf ?? '') ?? [] })) };
    }
    const found = withTurnPriors(kw ? await withSessionContext(db, project, kw, w) : vec ?? [], turnQuery, turnQuery.speakers);
    return { via: kw ? 'keyword' : 'vector', weight: WEIGHT.event, list: found.map(eventRanked) };
  }

  return {
    async search(project: string, query: TocSearchQuery): Promise<TocSearchResult> {
      const { text, mode } = validate(query, embedder);
      const hits = fuse(await gather(project, text, mode, query), query.limit);
      const events = hits.filter((h) => h.kind === 'event');
      const held = await holdingNodes(db, project, events.map((h) => ({ eventId: h.id, ts: h.at })));
      for (const h of events) h.nodeId = held.get(h.id) ?? h.nodeId;
      return { hits, mode };
    },
  };
}
