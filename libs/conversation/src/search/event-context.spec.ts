import { SAME_MOMENT_AGAIN } from '@engram/memory';
import { spreadOverMomentsOf } from './event-context.js';
import type { EventMatch } from './event-search.js';

const at = (minute: number) => new Date(Date.UTC(2024, 0, 5, 19, minute));
const event = (eventId: string, score: number, minute: number): EventMatch => ({ eventId, sessionId: 's1', ts: at(minute), text: `elise: ${eventId}`, score });

describe('spreadOverMomentsOf', () => {
  it('puts another moment before a second turn of the same exchange, and keeps each event as it was', () => {
    const hits = [event('e1', 0.9, 1), event('e4', 0.8, 4), event('f9', 0.75, 40)];
    const out = spreadOverMomentsOf(hits, [{ id: 'e4', contextOf: 'e1', distance: 3 }]);
    expect(out.map((e) => e.eventId)).toEqual(['e1', 'f9', 'e4']);
    expect(out[2]).toEqual({ ...hits[1], score: 0.8 * SAME_MOMENT_AGAIN });
  });
});
