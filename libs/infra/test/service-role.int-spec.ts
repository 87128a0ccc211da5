import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { logApprovedRequest, testContentHash } from '../../../tools/test/approved-request.js';
import { openServiceRoleDatabase, type ServiceRoleDatabase } from '../../../tools/test/backends.js';

// ADR-0004: in server mode the service's credentials cannot write the memory tables directly.
function snapshot(id: string) {
  const now = new Date().toISOString();
  return {
    id, version: 1, type: 'fact', memory_class: 'semantic', content: 'c', metadata: {}, tags: [],
    scope: 'global', source_type: 'test', source_id: null, trust: 'agent', status: 'active',
    created_at: now, updated_at: now, valid_from: now, valid_to: null, superseded_by: null,
    status_reason: null, archived: false, confidence: 1, content_hash: testContentHash('c'), operation: 'create',
  };
}

describe('engram_service role on postgres', () => {
  let db: ServiceRoleDatabase;
  let owner: DatabaseHandle;
  let service: DatabaseHandle;
  let librarian: DatabaseHandle;

  beforeAll(async () => {
    db = await openServiceRoleDatabase('svc');
    ({ owner, service, librarian } = db);
  });
  afterAll(async () => db?.close());

  it.each([
    ['INSERT INTO memories', sql`INSERT INTO memories (id, version, type, memory_class, content, scope, source_type, created_at, updated_at, valid_from, content_hash) VALUES (gen_random_uuid(), 1, 'fact', 'semantic', 'x', 'global', 't', now(), now(), now(), 'h')`],
    ['UPDATE memories', sql`UPDATE memories SET content = 'x'`],
    ['DELETE FROM memories', sql`DELETE FROM memories`],
    ['INSERT INTO memory_versions', sql`INSERT INTO memory_versions SELECT * FROM memory_versions`],
    ['UPDATE memory_versions', sql`UPDATE memory_versions SET content = 'x'`],
    ['DELETE FROM memory_versions', sql`DELETE FROM memory_versions`],
    ['INSERT INTO gate_audit', sql`INSERT INTO gate_audit (request_id, action, reason) VALUES (gen_random_uuid(), 'approve', 'r')`],
    ['UPDATE gate_audit', sql`UPDATE gate_audit SET reason = 'x'`],
    ['DELETE FROM gate_audit', sql`DELETE FROM gate_audit`],
    ['INSERT INTO memory_edges', sql`INSERT INTO memory_edges (src_id, dst_id, kind) VALUES (gen_random_uuid(), gen_random_uuid(), 'supports')`],
  ])('denies a direct %s', async (_label, statement) => {
    await expect(statement.execute(service.db)).rejects.toThrow(/permission denied/);
  });

  it('may read the memory tables; the gate request queue is written only through the librarian\'s functions (ADR-0022, ADR-0047)', async () => {
    await expect(service.db.selectFrom('memories').selectAll().execute()).resolves.toEqual([]);
    const id = randomUUID();
    const row = { id, operation: 'create', payload: {}, scope: 'global', requested_by: 't', status: 'pending' };
    const decision = JSON.stringify({ status: 'rejected', reason: 'no' });
    await expect(sql`SELECT engram_log_request(${JSON.stringify(row)}::jsonb)`.execute(service.db)).rejects.toThrow(/permission denied/);
    await sql`SELECT engram_log_request(${JSON.stringify(row)}::jsonb)`.execute(librarian.db);
    await expect(sql`SELECT engram_decide_request(${id}::uuid, ${decision}::jsonb)`.execute(service.db)).rejects.toThrow(/permission denied/);
    await sql`SELECT engram_decide_request(${id}::uuid, ${decision}::jsonb)`.execute(librarian.db);
    for (const login of [service, librarian]) {
      await expect(login.db.updateTable('gate_requests').set({ status: 'pending' }).where('id', '=', id).execute()).rejects.toThrow(/permission denied/);
      await expect(login.db.deleteFrom('gate_requests').where('id', '=', id).execute()).rejects.toThrow(/permission denied/);
    }
  });

  it('commits (as the librarian) through engram_commit_version with an audit: exactly one version row and one audit row', async () => {
    const id = randomUUID();
    const audit = { request_id: await logApprovedRequest(librarian.db, { versions: [snapshot(id)] }), reason: 'approved by test', decision: 'ADD' };
    await expect(sql`SELECT engram_commit_version(${JSON.stringify(snapshot(id))}::jsonb, ${JSON.stringify(audit)}::jsonb)`.execute(service.db))
      .rejects.toThrow(/permission denied/);
    await sql`SELECT engram_commit_version(${JSON.stringify(snapshot(id))}::jsonb, ${JSON.stringify(audit)}::jsonb)`.execute(librarian.db);
    const versions = await owner.db.selectFrom('memory_versions').select(['version', 'gate_request_id']).where('id', '=', id).execute();
    const audits = await owner.db.selectFrom('gate_audit').select(['request_id', 'memory_version']).where('memory_id', '=', id).execute();
    expect(versions).toEqual([{ version: 1, gate_request_id: audit.request_id }]);
    expect(audits).toEqual([{ request_id: audit.request_id, memory_version: 1 }]);
  });

  it('refuses engram_commit_version without an audit and writes nothing', async () => {
    const id = randomUUID();
    await expect(
      sql`SELECT engram_commit_version(${JSON.stringify(snapshot(id))}::jsonb, NULL)`.execute(librarian.db),
    ).rejects.toThrow(/gate decision/);
    const rows = await owner.db.selectFrom('memory_versions').select('id').where('id', '=', id).execute();
    expect(rows).toEqual([]);
  });

  it('does not let PUBLIC call the SECURITY DEFINER functions', async () => {
    const { rows } = await sql<{ ok: boolean }>`
      SELECT bool_and(NOT has_function_privilege('public', p.oid, 'EXECUTE')) AS ok
      FROM pg_proc p WHERE p.proname LIKE 'engram\\_%'`.execute(owner.db);
    expect(rows[0]?.ok).toBe(true);
  });
});
