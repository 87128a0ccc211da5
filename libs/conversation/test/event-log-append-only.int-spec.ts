import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '@engram/infra';
import { createEventLog } from '@engram/conversation';
import { openPostgresTestDatabase } from '../../../tools/test/backends.js';

// Append-only by grant (seed 002 "corrections are new events"): in server mode the service's
// credentials may append events and work the outbox, never change or remove an event.
describe('conversation log grants on postgres', () => {
  let owner: DatabaseHandle;
  let service: DatabaseHandle;
  const login = `engram_conv_test_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const opened = await openPostgresTestDatabase();
    owner = opened.handle;
    await sql`CREATE ROLE ${sql.id(login)} LOGIN IN ROLE engram_service`.execute(owner.db);
    const url = new URL(opened.url);
    url.username = login;
    service = await openDatabase({ databaseUrl: url.toString(), home: '/nonexistent', poolSize: 2 });
  });

  afterAll(async () => {
    await service?.close();
    await sql`DROP ROLE IF EXISTS ${sql.id(login)}`.execute(owner.db);
    await owner?.close();
  });

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
