import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { approvedAudit, logApprovedRequest, testContentHash } from '../../../tools/test/approved-request.js';
import { testBackends } from '../../../tools/test/backends.js';

// The guards inside the SQL functions, called directly (issue 22: each hand-written SQL mutant in
// tools/mutation/sql-mutants.list.mjs that the gate's own tests cannot reach is caught here).
function snapshot(id: string, version: number, content: string, over: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  return {
    id, version, type: 'fact', memory_class: 'semantic', content, metadata: {}, tags: [], scope: 'global', source_type: 'test',
    source_id: null, trust: 'agent', status: 'active', created_at: now, updated_at: now, valid_from: now, valid_to: null,
    superseded_by: null, status_reason: null, archived: false, confidence: 0.5, content_hash: testContentHash(content), operation: 'create', ...over,
  };
}
const vector = `[${Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)).join(',')}]`;

describe.each(testBackends)('SQL function guards on $name', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => handle?.close());

  // Since ADR-0022 every commit needs an approved, logged gate request; an import request may write any next version.
  const commit = async (v: Record<string, unknown>, audit?: object) =>
    sql`SELECT engram_commit_version(${JSON.stringify(v)}::jsonb, ${audit ? JSON.stringify(audit) : await approvedAudit(handle.db, v)}::jsonb)`.execute(handle.db);
  const versions = async (id: string) =>
    (await handle.db.selectFrom('memory_versions').select('version').where('id', '=', id).orderBy('version').execute()).map((r) => r.version);
  const head = (id: string) =>
    handle.db.selectFrom('memories').select(['version', 'embedding_model', 'access_count', 'confidence']).where('id', '=', id).executeTakeFirstOrThrow();
  const embed = async (id: string, hash: string) =>
    (await sql<{ ok: boolean }>`SELECT engram_set_embedding(${id}::uuid, ${hash}, ${vector}::vector, 'm', '1') AS ok`.execute(handle.db)).rows[0]?.ok;

  it('commits only the next version: no gap, no repeat', async () => {
    const id = randomUUID();
    await commit(snapshot(id, 1, 'a'));
    await expect(commit(snapshot(id, 3, 'c'))).rejects.toThrow(/VERSION_CONFLICT: memory .* is at version 1, cannot write version 3/);
    await expect(commit(snapshot(id, 1, 'again'))).rejects.toThrow(/VERSION_CONFLICT/);
    await expect(commit(snapshot(randomUUID(), 2, 'new'))).rejects.toThrow(/VERSION_CONFLICT/);
    expect(await versions(id)).toEqual([1]);
  });

  it('commits nothing without a gate request id and a reason, nor under a request nobody logged', async () => {
    const id = randomUUID();
    const logged = await logApprovedRequest(handle.db);
    await expect(commit(snapshot(id, 1, 'a'), { request_id: logged })).rejects.toThrow(/a gate decision \(request_id, reason\) is required/);
    await expect(commit(snapshot(id, 1, 'a'), { request_id: logged, reason: '' })).rejects.toThrow(/a gate decision/);
    await expect(commit(snapshot(id, 1, 'a'), { reason: 'r' })).rejects.toThrow(/a gate decision/);
    await expect(commit(snapshot(id, 1, 'a'), { request_id: randomUUID(), reason: 'r' })).rejects.toThrow(/GATE_REQUEST_NOT_APPROVED/);
    expect(await versions(id)).toEqual([]);
  });

  it('audits a decision only with request id, action and reason, and only for a logged request', async () => {
    const audit = (a: object) => sql`SELECT engram_record_decision(${JSON.stringify(a)}::jsonb)`.execute(handle.db);
    const requestId = await handle.db.transaction().execute(async (trx) => {
      const id = await logApprovedRequest(trx, { status: 'noop' });
      await sql`SELECT engram_record_decision(${JSON.stringify({ request_id: id, action: 'noop', reason: 'r' })}::jsonb)`.execute(trx);
      return id;
    });
    await expect(audit({ request_id: requestId, reason: 'r' })).rejects.toThrow(/request_id, action and reason are required/);
    await expect(audit({ request_id: requestId, action: 'noop' })).rejects.toThrow(/request_id, action and reason are required/);
    await expect(audit({ request_id: randomUUID(), action: 'noop', reason: 'r' })).rejects.toThrow(/GATE_REQUEST_NOT_FOUND/);
    // Once per request and action, in the transaction that decided it (issue 36).
    await expect(audit({ request_id: requestId, action: 'noop', reason: 'r' })).rejects.toThrow(/GATE_DECISION_MISMATCH/);
    expect(await handle.db.selectFrom('gate_audit').select('action').where('request_id', '=', requestId).execute()).toEqual([{ action: 'noop' }]);
  });

  it('writes a vector only for the exact text it was computed from, never for a forgotten record', async () => {
    const id = randomUUID();
    await commit(snapshot(id, 1, `a-${id}`));
    expect(await embed(id, testContentHash('other'))).toBe(false);
    expect((await head(id)).embedding_model).toBeNull();
    expect(await embed(id, testContentHash(`a-${id}`))).toBe(true);
    expect((await head(id)).embedding_model).toBe('m');
    // A new text drops the old vector; the same text keeps it.
    await commit(snapshot(id, 2, `a-${id}`, { operation: 'update' }));
    expect((await head(id)).embedding_model).toBe('m');
    await commit(snapshot(id, 3, `b-${id}`, { operation: 'update' }));
    expect((await head(id)).embedding_model).toBeNull();
    // A forgotten version comes only through engram_forget (with its forget request), never a plain commit.
    await expect(commit(snapshot(randomUUID(), 1, '[forgotten]', { status: 'forgotten' }))).rejects.toThrow(/only by engram_forget/);
  });

  it('records access on active records only, and never lifts confidence (ADR-0022: the floor is computed from accessed_at)', async () => {
    const active = randomUUID();
    const archived = randomUUID();
    await commit(snapshot(active, 1, `a-${active}`));
    await commit(snapshot(archived, 1, `b-${archived}`, { status: 'archived', archived: true }));
    await sql`SELECT engram_touch(${[active, archived]}::uuid[])`.execute(handle.db);
    expect(await head(active)).toMatchObject({ access_count: 1, confidence: 0.5 });
    expect(await head(archived)).toMatchObject({ access_count: 0, confidence: 0.5 });
  });
});
