import { recencyReference } from './decision-engine.js';
import { MAX_RECENCY_REWIND_DAYS } from './implicit-event.js';

const clock = new Date('2026-11-26T00:00:00Z');
const DAY = 86_400_000;

describe('recency reference (the time recency is measured up to)', () => {
  it('is the clock unless the source gives its own time', () => {
    expect(recencyReference({}, clock)).toEqual(clock);
  });

  it('is a backfilled conversation\'s own newest time', () => {
    const conversationNow = new Date('2023-10-22T10:00:00Z');
    expect(recencyReference({ recencyFrom: conversationNow }, clock)).toEqual(conversationNow);
  });

  it('never lies in the future and never further back than the cap', () => {
    expect(recencyReference({ recencyFrom: new Date('2030-01-01T00:00:00Z') }, clock)).toEqual(clock);
    expect(recencyReference({ recencyFrom: new Date('1970-01-02T00:00:00Z') }, clock)).toEqual(new Date(clock.getTime() - MAX_RECENCY_REWIND_DAYS * DAY));
  });
});
