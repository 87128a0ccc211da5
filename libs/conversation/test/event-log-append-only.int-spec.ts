import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { createEventLog } from '@engram/conversation';
import { openServiceRoleDatabase, type ServiceRoleDatabase } from '../../../tools/test/backends.js';

// Append-only by grant (seed 002 "corrections are new events"): in server mode the service's
// credentials may append events and work the outbox, never change or remove an event.
describe('conversation log grants on postgres', () => {
  let db: ServiceRoleDatabase;
  let service: DatabaseHandle;

  beforeAll(async () => {
    db = await openServiceRoleDatabase('conv');
    ({ service } = db);
  });
  afterAll(async () => db?.close());

  it('appends events and processes the outbox as the service role', async () => {
    const log = createEventLog(service.db);
    const r = await log.append([{ eventId: 'g1', project: 'project:g', agent: 'a', sessionId: 's', ts: new Date(), kind: 'note', role: 'system', text: 't', metadata: {}, tokens: 1 }]);
    expect(r.inserted).toBe(1);
    const claimed = await log.claimOutbox(10);
    expect(claimed.map((c) => c.eventId)).toEqual(['g1']);
    await log.completeOutbox(claimed.map((c) => c.id));
  });

  it.each([
    ['UPDATE conversation_events', sql`UPDATE conversation_events SET text = 'rewritten'`],
    ['DELETE FROM conversation_events', sql`DELETE FROM conversation_events`],
    ['DELETE FROM conversation_outbox', sql`DELETE FROM conversation_outbox`],
  ])('denies %s', async (_label, statement) => {
    await expect(statement.execute(service.db)).rejects.toThrow(/permission denied/);
  });
});
