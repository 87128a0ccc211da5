import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { openServiceRoleDatabase, type ServiceRoleDatabase } from '../../../tools/test/backends.js';

// Issue 17, second round (ADR-0022): the conversation log, the weight history and the TOC node
// versions are written by the service login only through functions that check the write.
function event(id: string, project: string) {
  return { event_id: id, project, agent: 'a', session_id: 's', ts: new Date().toISOString(), kind: 'note', role: 'system', text: 't', metadata: {}, tokens: 1 };
}

async function addNodeVersion(owner: DatabaseHandle, project: string, version: number, daysAgo: number): Promise<void> {
  await sql`
    INSERT INTO toc_nodes (project, node_id, version, level, start_ts, end_ts, title, bullets, keywords, child_ids,
      event_count, token_count, summariser, source_hash, search_text, created_at)
    VALUES (${project}, 'day:2026-11-01', ${version}, 'day', now(), now(), 't', '[]'::jsonb, '{}', '{}', 1, 1, 'test', 'h', 's',
      now() - make_interval(days => ${daysAgo}::integer))`.execute(owner.db);
  await sql`
    INSERT INTO toc_latest (project, node_id, version, level, start_ts, end_ts) VALUES (${project}, 'day:2026-11-01', ${version}, 'day', now(), now())
    ON CONFLICT (project, node_id) DO UPDATE SET version = EXCLUDED.version`.execute(owner.db);
}

describe('working-state writes as the engram_service role on postgres', () => {
  let db: ServiceRoleDatabase;
  let owner: DatabaseHandle;
  let service: DatabaseHandle;

  beforeAll(async () => {
    db = await openServiceRoleDatabase('work');
    ({ owner, service } = db);
  });
  afterAll(async () => db?.close());

  it.each([
    ['INSERT INTO conversation_events', sql`INSERT INTO conversation_events (event_id, project, agent, session_id, ts, kind, role, text) VALUES ('x', 'anything', 'a', 's', now(), 'note', 'r', 't')`],
    ['INSERT INTO lifecycle_weights', sql`INSERT INTO lifecycle_weights (recency, frequency, entity_importance, reason) VALUES (100, 0, 0, 'forged')`],
    ['UPDATE lifecycle_weights', sql`UPDATE lifecycle_weights SET recency = 100`],
    ['DELETE FROM toc_nodes', sql`DELETE FROM toc_nodes`],
  ])('denies a direct %s', async (_label, statement) => {
    await expect(statement.execute(service.db)).rejects.toThrow(/permission denied/);
  });

  it('appends through the function idempotently, one outbox row per new event', async () => {
    const first = await sql<{ id: string }>`SELECT engram_append_conversation_events(${JSON.stringify([event('ws1', 'project:w'), event('ws2', 'project:w')])}::jsonb) AS id`.execute(service.db);
    const again = await sql<{ id: string }>`SELECT engram_append_conversation_events(${JSON.stringify([event('ws1', 'project:w')])}::jsonb) AS id`.execute(service.db);
    expect(first.rows.map((r) => r.id)).toEqual(['ws1', 'ws2']);
    expect(again.rows).toEqual([]);
    const outbox = await owner.db.selectFrom('conversation_outbox').select('event_id').where('project', '=', 'project:w').orderBy('id').execute();
    expect(outbox.map((r) => r.event_id)).toEqual(['ws1', 'ws2']);
  });

  it.each([['not-a-scope'], ['project:'], ['']])('refuses an event whose project is %p and writes nothing of the batch', async (project) => {
    const batch = [event('ok-before-bad', 'project:w'), event(`bad-${project}`, project)];
    await expect(sql`SELECT engram_append_conversation_events(${JSON.stringify(batch)}::jsonb)`.execute(service.db)).rejects.toThrow(/is not a scope/);
    const rows = await owner.db.selectFrom('conversation_events').select('event_id').where('event_id', '=', 'ok-before-bad').execute();
    expect(rows).toEqual([]);
  });

  it('records weights within bounds and refuses any outside them', async () => {
    await sql`SELECT engram_record_weights(0.5, 0.3, 0.2, 'success on m')`.execute(service.db);
    for (const w of [[100, 0, 0], [-0.5, 1, 0.5], [0.5, 0.5, 0.5]]) {
      await expect(sql`SELECT engram_record_weights(${w[0]}, ${w[1]}, ${w[2]}, 'forged')`.execute(service.db)).rejects.toThrow(/\[0, 1\] and sum to 1/);
    }
    const rows = await owner.db.selectFrom('lifecycle_weights').select(['recency', 'reason']).execute();
    expect(rows).toEqual([{ recency: 0.5, reason: 'success on m' }]);
  });

  it('compacts only superseded node versions, never the current one', async () => {
    await addNodeVersion(owner, 'project:c', 1, 30);
    const onlyCurrent = await sql<{ n: number }>`SELECT engram_compact_toc('project:c', 0) AS n`.execute(service.db);
    expect(onlyCurrent.rows[0]?.n).toBe(0);
    await addNodeVersion(owner, 'project:c', 2, 30);
    const superseded = await sql<{ n: number }>`SELECT engram_compact_toc('project:c', 0) AS n`.execute(service.db);
    expect(superseded.rows[0]?.n).toBe(1);
    const left = await owner.db.selectFrom('toc_nodes').select('version').where('project', '=', 'project:c').execute();
    expect(left).toEqual([{ version: 2 }]);
  });
});
