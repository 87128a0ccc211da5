import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { FORGOTTEN_CONTENT, RecordReader } from '@engram/memory';
import { openServiceRoleDatabase, testBackends, type ServiceRoleDatabase } from '../../../tools/test/backends.js';
import type { Gate } from '../src/index.js';
import { agent, everything, gateFor, useGateDatabase, user } from './gate-fixtures.js';

// FR-02 forget: after it, no row anywhere holds the record's text; the audit trail stays.
const SECRET = 'yodel';

async function setEmbedding(db: Kysely<any>, id: string): Promise<void> {
  const row = await db.selectFrom('memories').select('content_hash').where('id', '=', id).executeTakeFirstOrThrow();
  const vector = `[${Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)).join(',')}]`;
  await sql`SELECT engram_set_embedding(${id}::uuid, ${row.content_hash}, ${vector}::vector, 'test-model', '1')`.execute(db);
}

/** A record with history, a stale rejected update and an exact-duplicate noop, then forgotten. */
async function historyThenForget(gate: Gate, db: Kysely<any>): Promise<{ id: string; forgetRequestId: string }> {
  const created = await gate.submit({
    op: 'create', type: 'fact', content: 'My hobby is competitive yodeling', scope: 'project:f',
    metadata: { detail: 'yodel club in Bern' }, tags: ['yodel-tag'],
  }, user);
  const id = created.record?.id as string;
  await gate.submit({ op: 'update', id, expectedVersion: 1, patch: { content: 'My hobby is competitive yodeling in Bern' } }, user);
  const stale = await gate.submit({ op: 'update', id, expectedVersion: 1, patch: { content: 'yodel stale edit' } }, user);
  expect(stale).toMatchObject({ status: 'rejected', code: 'VERSION_CONFLICT' });
  const dup = await gate.submit({ op: 'create', type: 'fact', content: 'My hobby is competitive yodeling in Bern', scope: 'project:f' }, user);
  expect(dup).toMatchObject({ status: 'noop', duplicateOf: id });
  await setEmbedding(db, id);
  expect((await everything(db)).toLowerCase()).toContain(SECRET);
  const forgotten = await gate.submit({ op: 'forget', id, reason: 'user asked to forget' }, user);
  expect(forgotten).toMatchObject({ status: 'committed', decision: 'FORGET', record: { status: 'forgotten', version: 3 } });
  return { id, forgetRequestId: forgotten.requestId };
}

describe.each(testBackends)('forget purges on $name', (backend) => {
  const ctx = useGateDatabase(backend);

  it('leaves the text nowhere: versions, head, embedding, request payloads; audit rows stay', async () => {
    const kept = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Unrelated text survives', scope: 'project:f' }, user);
    const { id, forgetRequestId } = await historyThenForget(ctx.gate, ctx.handle.db);

    expect((await everything(ctx.handle.db)).toLowerCase()).not.toContain(SECRET);
    const versions = await ctx.reader.versions(id);
    expect(versions.map((v) => [v.version, v.operation, v.content, v.tags, v.metadata])).toEqual([
      [1, 'create', FORGOTTEN_CONTENT, [], {}], [2, 'update', FORGOTTEN_CONTENT, [], {}], [3, 'forget', FORGOTTEN_CONTENT, [], {}],
    ]);
    expect(new Set(versions.map((v) => v.contentHash)).size).toBe(1);
    const head = await ctx.handle.db.selectFrom('memories').select(['embedding', 'embedding_model']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(head).toEqual({ embedding: null, embedding_model: null });
    const approvals = await ctx.handle.db.selectFrom('gate_audit').select('memory_version').where('memory_id', '=', id).where('action', '=', 'approve').execute();
    expect(approvals.map((a) => a.memory_version).sort()).toEqual([1, 2, 3]);
    expect((await ctx.gate.getRequest(forgetRequestId)).payload.request).toMatchObject({ op: 'forget', id, reason: 'user asked to forget' });
    expect((await ctx.gate.getRequest(kept.requestId)).payload.request).toMatchObject({ content: 'Unrelated text survives' });
  });

  it('purges a queued forget on approval, including the approved create request of the record', async () => {
    const queued = await ctx.gate.submit({ op: 'create', type: 'belief', content: 'The user dislikes yodel music', scope: 'project:f' }, agent);
    const created = await ctx.gate.approve(queued.requestId, 'bob');
    const id = created.record?.id as string;
    const forget = await ctx.gate.submit({ op: 'forget', id, reason: 'agent cleanup' }, agent);
    expect(forget).toMatchObject({ status: 'pending', policyMatched: 'review-agent-forget' });
    expect(await ctx.gate.approve(forget.requestId, 'bob')).toMatchObject({ status: 'committed', record: { status: 'forgotten' } });
    expect((await everything(ctx.handle.db)).toLowerCase()).not.toContain(SECRET);
    expect((await ctx.gate.getRequest(queued.requestId)).payload.request).toEqual({ op: 'create', forgotten: id });
    // The queued forget request existed before the purge: it keeps its own reason (no memory text in it).
    expect((await ctx.gate.getRequest(forget.requestId)).payload.request).toMatchObject({ op: 'forget', id, reason: 'agent cleanup' });
  });

  it('purges a pending near-duplicate of the forgotten record (its payload names it only as duplicateOf; issue 22 bug 6)', async () => {
    const created = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'The yodel choir rehearses on Tuesday evenings', scope: 'project:n' }, user);
    const id = created.record?.id as string;
    const near = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'The yodel choir rehearses on Tuesday evenings!', scope: 'project:n' }, user);
    expect(near).toMatchObject({ status: 'pending', flags: ['near_duplicate'], duplicateOf: id });
    expect(await ctx.gate.submit({ op: 'forget', id, reason: 'user asked' }, user)).toMatchObject({ status: 'committed', decision: 'FORGET' });
    expect((await ctx.gate.getRequest(near.requestId)).payload.request).toEqual({ op: 'create', forgotten: id });
    expect((await everything(ctx.handle.db)).toLowerCase()).not.toContain(SECRET);
  });

  it('drops the vector even of a record whose text already reads like the tombstone (its hash does not change)', async () => {
    const r = await ctx.gate.submit({ op: 'create', type: 'fact', content: FORGOTTEN_CONTENT, scope: 'project:t' }, user);
    const id = r.record?.id as string;
    await setEmbedding(ctx.handle.db, id);
    expect(await ctx.gate.submit({ op: 'forget', id, reason: 'user asked' }, user)).toMatchObject({ status: 'committed' });
    const head = await ctx.handle.db.selectFrom('memories').select(['embedding', 'embedding_model']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(head).toEqual({ embedding: null, embedding_model: null });
  });

  it('drops the vectors of the turns after a forgotten turn in its session, which may hold it as context (ADR-0049)', async () => {
    const say = async (content: string, session: number) => {
      const r = await ctx.gate.submit({ op: 'create', type: 'episode', content, scope: 'project:chat', metadata: { speaker: 'Ann', session } }, user);
      const id = r.record?.id as string;
      await setEmbedding(ctx.handle.db, id);
      return id;
    };
    const before = await say('Ann: hi', 1);
    const gone = await say('Ann: my yodel club meets in Bern', 1);
    const after = [await say('Ann: ok', 1), await say('Ann: see you', 1)];
    const otherSession = await say('Ann: unrelated', 2);
    expect(await ctx.gate.submit({ op: 'forget', id: gone, reason: 'user asked' }, user)).toMatchObject({ status: 'committed' });
    const rows = await ctx.handle.db.selectFrom('memories').select(['id', 'embedding_model']).where('scope', '=', 'project:chat').execute();
    const model = Object.fromEntries(rows.map((r) => [r.id, r.embedding_model]));
    expect(after.map((id) => model[id])).toEqual([null, null]);
    expect([model[before], model[otherSession]]).toEqual(['test-model', 'test-model']);
  });

  it('refuses anything but a tombstone version', async () => {
    const r = await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Keep this history', scope: 'project:f' }, user);
    const id = r.record?.id as string;
    const v = await ctx.reader.get(id);
    const snapshot = { id, version: 2, type: v.type, memory_class: v.memoryClass, content: 'overwritten', metadata: {}, tags: [], scope: v.scope,
      source_type: v.source.type, source_id: v.source.id, trust: v.trust, status: 'forgotten', created_at: v.createdAt, updated_at: new Date(),
      valid_from: v.validFrom, valid_to: new Date(), superseded_by: null, status_reason: 'x', archived: false, confidence: 1, content_hash: 'h', operation: 'forget' };
    const audit = JSON.stringify({ request_id: randomUUID(), reason: 'test', action: 'approve' });
    await expect(sql`SELECT engram_forget(${id}::uuid, ${JSON.stringify(snapshot)}::jsonb, ${audit}::jsonb)`.execute(ctx.handle.db)).rejects.toThrow(/tombstone/);
    const other = { ...snapshot, content: FORGOTTEN_CONTENT, id: randomUUID() };
    await expect(sql`SELECT engram_forget(${id}::uuid, ${JSON.stringify(other)}::jsonb, ${audit}::jsonb)`.execute(ctx.handle.db)).rejects.toThrow(/tombstone/);
    expect((await ctx.reader.versions(id)).map((x) => x.content)).toEqual(['Keep this history']);
  });
});

describe('forget in server mode on postgres: the librarian commits, the service login reads', () => {
  let db: ServiceRoleDatabase;
  let owner: DatabaseHandle;
  let service: DatabaseHandle;
  let librarian: DatabaseHandle;

  beforeAll(async () => {
    db = await openServiceRoleDatabase('forget');
    ({ owner, service, librarian } = db);
  });
  afterAll(async () => db?.close());

  it('runs the whole gate with least privilege and purges through engram_forget', async () => {
    const { id } = await historyThenForget(gateFor(librarian), owner.db);
    expect((await everything(owner.db)).toLowerCase()).not.toContain(SECRET);
    expect((await new RecordReader(service.db).get(id)).status).toBe('forgotten');
    const { rows } = await sql<{ ok: boolean }>`
      SELECT has_function_privilege('engram_librarian', 'engram_forget(uuid, jsonb, jsonb)', 'EXECUTE')
        AND NOT has_function_privilege('engram_service', 'engram_forget(uuid, jsonb, jsonb)', 'EXECUTE')
        AND NOT has_function_privilege('public', 'engram_forget(uuid, jsonb, jsonb)', 'EXECUTE') AS ok`.execute(owner.db);
    expect(rows[0]?.ok).toBe(true);
  });
});
