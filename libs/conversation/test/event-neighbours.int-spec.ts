import { NEIGHBOUR_WEIGHT, SECOND_NEIGHBOUR_WEIGHT } from '@engram/memory';
import { createEventLog, estimateTextTokens, type ConversationDb, type NewConversationEvent } from '@engram/conversation';
import { testBackends } from '../../../tools/test/backends.js';
import { withNeighbourContext } from '../src/search/event-context.js';
import type { EventMatch } from '../src/search/event-search.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

/*
 * Neighbour context on the fused event list (ADR-0041 for the conversation log): a hit lends to
 * the turns within two of it in its session, which join the list, and takes from them.
 */
const P = 'project:neighbours';
const at = (minute: number) => new Date(Date.UTC(2023, 8, 1, 10, minute));
const ev = (id: string, minute: number, text: string, session = 'k1', project = P): NewConversationEvent =>
  ({ eventId: id, project, agent: 'test', sessionId: session, ts: at(minute), kind: 'user_message', role: 'user', text, metadata: {}, tokens: estimateTextTokens(text) });

const events = [
  ev('n1', 0, 'Bob: My knees still hurt a bit.'),
  ev('n2', 1, 'Ann: How was it on Sunday?'),
  ev('other', 2, 'Cat: Lovely weather today.', 'k2'),
  ev('n3', 3, 'Bob: Exhausting, but I loved every minute of the marathon.'),
  ev('n4', 4, 'Ann: Wonderful!'),
  ev('n5', 5, 'Bob: Thanks.'),
  ev('n6', 6, 'Ann: Anyway, what about dinner?'),
  ev('elsewhere', 3, 'Bob: Same session name, another project.', 'k1', 'project:elsewhere'),
];

const hit = (id: string, score: number): EventMatch => {
  const e = events.find((x) => x.eventId === id) as NewConversationEvent;
  return { eventId: id, sessionId: e.sessionId, ts: e.ts, text: e.text, score };
};

describe.each(testBackends)('neighbour context over conversation events ($name)', (backend) => {
  let handle: DatabaseHandle;
  let db: ConversationDb;

  beforeAll(async () => {
    handle = await backend.open();
    db = handle.db;
    await createEventLog(handle.db as never).append(events);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('brings in the two turns on each side of a hit in its session, scored from it, and nothing farther or elsewhere', async () => {
    const { hits: out } = await withNeighbourContext(db, P, [hit('n3', 0.8)]);
    const score = new Map(out.map((m) => [m.eventId, m.score]));
    expect(out[0]?.eventId).toBe('n3');
    expect(score.get('n3')).toBeCloseTo(0.8);
    expect(score.get('n2')).toBeCloseTo(NEIGHBOUR_WEIGHT * 0.8);
    expect(score.get('n4')).toBeCloseTo(NEIGHBOUR_WEIGHT * 0.8);
    expect(score.get('n1')).toBeCloseTo(SECOND_NEIGHBOUR_WEIGHT * 0.8);
    expect(score.get('n5')).toBeCloseTo(SECOND_NEIGHBOUR_WEIGHT * 0.8);
    expect([...score.keys()].sort()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    expect(out.find((m) => m.eventId === 'n2')).toMatchObject({ contextOf: 'n3', text: 'Ann: How was it on Sunday?', sessionId: 'k1' });
  });

  it('lifts a hit by its better neighbour, and keeps a hit without neighbours as it was', async () => {
    const { hits: out } = await withNeighbourContext(db, P, [hit('n3', 0.5), hit('n4', 1), hit('other', 0.6)]);
    const score = new Map(out.map((m) => [m.eventId, m.score]));
    expect(score.get('n3')).toBeCloseTo(0.5 + NEIGHBOUR_WEIGHT * 1 * 0.5);
    expect(score.get('other')).toBeCloseTo(0.6);
    expect(out.find((m) => m.eventId === 'n3')?.contextOf).toBeUndefined();
  });

  it('reads only neighbours inside a time window when one is given', async () => {
    const { hits: out } = await withNeighbourContext(db, P, [hit('n3', 0.8)], { from: at(3), to: at(5) });
    expect(out.map((m) => m.eventId).sort()).toEqual(['n3', 'n4']);
  });
});
