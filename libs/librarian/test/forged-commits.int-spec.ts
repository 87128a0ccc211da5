import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { RecordReader, toSnapshot, type MemoryRecord } from '@engram/memory';
import { openServiceRoleDatabase, type ServiceRoleDatabase } from '../../../tools/test/backends.js';
import { gateFor, user } from './gate-fixtures.js';

/*
 * Issue 17's hostile probes with plain SQL (ADR-0022, docs/threat-model.md). Each one committed,
 * wiped or poisoned something on ef6c8c1 as the service login; here each must be refused and leave
 * the tables as they were. Since the librarian split (ADR-0047) the service login may not call
 * these functions at all, so the probes run as a login of engram_librarian: the functions' own
 * checks must hold even against a thief of the librarian's login.
 */
type Json = Record<string, unknown>;

const call = (db: Kysely<any>, fn: string, ...args: unknown[]) =>
  sql`SELECT ${sql.raw(fn)}(${sql.join(args.map((a) => (typeof a === 'string' && a.startsWith('uuid:') ? sql`${a.slice(5)}::uuid` : sql`${JSON.stringify(a)}::jsonb`)))})`.execute(db);

function nextVersion(head: MemoryRecord, changes: Json = {}, operation = 'update'): Json {
  return { ...toSnapshot(head, 'update'), version: head.version + 1, operation, ...changes };
}

function requestRow(over: Json): Json {
  return { id: randomUUID(), operation: 'update', payload: { request: {} }, scope: 'project:b', requested_by: 'mallory', status: 'approved', decision: 'UPDATE', reason: 'forged', ...over };
}

describe('forged writes through the SECURITY DEFINER functions, as a login of engram_librarian on postgres', () => {
  let db: ServiceRoleDatabase;
  let owner: DatabaseHandle;
  let svc: Kysely<any>;
  let victim: MemoryRecord;
  let other: MemoryRecord;
  const reader = () => new RecordReader(owner.db);
  const audit = (requestId: string = randomUUID()) => ({ request_id: requestId, reason: 'forged', action: 'approve' });

  beforeAll(async () => {
    db = await openServiceRoleDatabase('forge');
    owner = db.owner;
    svc = db.librarian.db;
    const gate = gateFor(db.librarian);
    victim = (await gate.submit({ op: 'create', type: 'fact', content: 'Project B deploys on Fridays', scope: 'project:b' }, user)).record as MemoryRecord;
    other = (await gate.submit({ op: 'create', type: 'fact', content: 'Project A uses Postgres 15', scope: 'project:a' }, user)).record as MemoryRecord;
  });
  afterAll(async () => db?.close());

  async function unchanged(): Promise<void> {
    expect((await reader().get(victim.id)).version).toBe(victim.version);
    expect((await reader().get(victim.id)).content).toBe(victim.content);
  }

  it('refuses a commit under an invented audit (no gate request row)', async () => {
    await expect(call(svc, 'engram_commit_version', nextVersion(victim, { content: 'overwritten' }), audit())).rejects.toThrow(/GATE_REQUEST_NOT_APPROVED/);
    await unchanged();
  });

  it('refuses a commit under an approved request for another record', async () => {
    const req = requestRow({ target_id: other.id, scope: 'project:a' });
    await call(svc, 'engram_log_request', req);
    await expect(call(svc, 'engram_commit_version', nextVersion(victim, { content: 'overwritten' }), audit(req['id'] as string))).rejects.toThrow(/GATE_REQUEST_MISMATCH/);
    await unchanged();
  });

  it('never moves a record to another scope, whatever the request', async () => {
    const moved = nextVersion(victim, { scope: 'project:a' });
    const req = requestRow({ target_id: victim.id });
    await call(svc, 'engram_log_request', req);
    await expect(call(svc, 'engram_commit_version', moved, audit(req['id'] as string))).rejects.toThrow(/GATE_REQUEST_MISMATCH/);
    // An import that carries the moved version itself still cannot move it.
    const carried = { id: moved['id'], version: moved['version'], content: moved['content'], scope: 'project:a', status: moved['status'], trust: moved['trust'],
      confidence: moved['confidence'], supersededBy: null, metadata: moved['metadata'], tags: moved['tags'] };
    const imp = requestRow({ operation: 'import', target_id: victim.id, payload: { request: { op: 'import', versions: [carried] } } });
    await call(svc, 'engram_log_request', imp);
    await expect(call(svc, 'engram_commit_version', moved, audit(imp['id'] as string))).rejects.toThrow(/SCOPE_IMMUTABLE/);
    await unchanged();
  });

  it('never marks a record forgotten while keeping its content, nor forgets without a forget request', async () => {
    const req = requestRow({ target_id: victim.id });
    await call(svc, 'engram_log_request', req);
    await expect(call(svc, 'engram_commit_version', nextVersion(victim, { status: 'forgotten' }), audit(req['id'] as string))).rejects.toThrow(/tombstone|engram_forget/);
    const tombstone = nextVersion(victim, { status: 'forgotten', content: '[forgotten]', metadata: {}, tags: [] }, 'forget');
    await expect(call(svc, 'engram_forget', `uuid:${victim.id}`, tombstone, audit())).rejects.toThrow(/GATE_REQUEST_MISMATCH/);
    await expect(call(svc, 'engram_forget', `uuid:${victim.id}`, tombstone, audit(req['id'] as string))).rejects.toThrow(/GATE_REQUEST_MISMATCH/);
    await unchanged();
    expect((await reader().versions(victim.id)).map((v) => v.content)).toEqual([victim.content]);
  });

  it('consumes a request once: a second version under the same request is refused', async () => {
    const req = requestRow({ target_id: victim.id, payload: { request: { op: 'update', id: victim.id, patch: { tags: ['once'] } } } });
    await call(svc, 'engram_log_request', req);
    await call(svc, 'engram_commit_version', nextVersion(victim, { tags: ['once'] }), audit(req['id'] as string));
    victim = await reader().get(victim.id);
    await expect(call(svc, 'engram_commit_version', nextVersion(victim, { content: 'again' }), audit(req['id'] as string))).rejects.toThrow(/GATE_REQUEST_NOT_APPROVED/);
    await unchanged();
  });

  it('lets the one-statement create only create version 1 of its own result, once', async () => {
    const req = requestRow({ operation: 'create', result_id: victim.id, scope: 'project:b', status: 'committed', payload: {} });
    await expect(sql`SELECT * FROM engram_commit_head(${JSON.stringify(nextVersion(victim, { content: 'x' }))}::jsonb,
      ${JSON.stringify(audit(req['id'] as string))}::jsonb, '[]'::jsonb, ${JSON.stringify(req)}::jsonb)`.execute(svc)).rejects.toThrow(/GATE_REQUEST_MISMATCH/);
    await unchanged();
  });

  it('records decisions only for logged requests and never a versioned approval (no pre-registered approval)', async () => {
    const forged = { request_id: randomUUID(), action: 'approve', reason: 'forged', memory_id: victim.id, memory_version: victim.version + 1 };
    await expect(call(svc, 'engram_record_decision', forged)).rejects.toThrow(/approvals are written by the commit/);
    await expect(call(svc, 'engram_record_decision', { request_id: randomUUID(), action: 'reject', reason: 'x' })).rejects.toThrow(/GATE_REQUEST_NOT_FOUND/);
    const update = await gateFor(db.librarian).submit({ op: 'update', id: victim.id, patch: { content: 'Project B deploys on Thursdays' } }, user);
    expect(update.status).toBe('committed');
    victim = await reader().get(victim.id);
  });

  it('refuses cross-scope, dangling and out-of-range edges', async () => {
    await expect(sql`SELECT engram_add_edge(${victim.id}::uuid, ${other.id}::uuid, 'relates_to', 1)`.execute(svc)).rejects.toThrow(/EDGE_CROSS_SCOPE/);
    await expect(sql`SELECT engram_add_edge(${victim.id}::uuid, ${randomUUID()}::uuid, 'relates_to', 1)`.execute(svc)).rejects.toThrow(/EDGE_DANGLING/);
    const sameScope = (await gateFor(db.librarian).submit({ op: 'create', type: 'fact', content: 'Project B runbook lives in the wiki', scope: 'project:b' }, user)).record as MemoryRecord;
    await expect(sql`SELECT engram_add_edge(${victim.id}::uuid, ${sameScope.id}::uuid, 'relates_to', 50)`.execute(svc)).rejects.toThrow(/weight/);
    const edges = await owner.db.selectFrom('memory_edges').select('dst_id').where('src_id', '=', victim.id).execute();
    expect(edges.map((e) => e.dst_id)).not.toContain(other.id);
  });

  it('touch records the access but never writes confidence', async () => {
    const low = (await gateFor(db.librarian).submit({ op: 'create', type: 'fact', content: 'Low confidence rumour about project B', scope: 'project:b', confidence: 0.2 }, user)).record as MemoryRecord;
    await sql`SELECT engram_touch(ARRAY(SELECT id FROM memories))`.execute(svc);
    const after = await reader().get(low.id);
    expect(after.confidence).toBeCloseTo(0.2, 5);
    expect(after.accessCount).toBe(1);
  });

  it('writes a vector only for the current content hash and never over one of the same model', async () => {
    const vector = `[${Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)).join(',')}]`;
    const poison = `[${Array.from({ length: 384 }, (_, i) => (i === 1 ? 1 : 0)).join(',')}]`;
    const head = await reader().get(victim.id);
    const set = (v: string, hash: string) =>
      sql<{ ok: boolean }>`SELECT engram_set_embedding(${victim.id}::uuid, ${hash}, ${v}::vector, 'all-MiniLM-L6-v2', '1') AS ok`.execute(svc);
    expect((await set(vector, 'not-the-hash')).rows[0]?.ok).toBe(false);
    expect((await set(vector, head.contentHash)).rows[0]?.ok).toBe(true);
    expect((await set(poison, head.contentHash)).rows[0]?.ok).toBe(false);
    const { rows } = await sql<{ v: string }>`SELECT embedding::text AS v FROM memories WHERE id = ${victim.id}::uuid`.execute(owner.db);
    expect(rows[0]?.v.startsWith('[1,0,')).toBe(true);
  });

  it('keeps gate_requests out of direct reach: no payload rewrite, no committed rows, no reopening', async () => {
    const committed = await owner.db.selectFrom('gate_requests').select('id').where('status', '=', 'committed').executeTakeFirstOrThrow();
    await expect(sql`UPDATE gate_requests SET payload = '{}'::jsonb WHERE id = ${committed.id}::uuid`.execute(svc)).rejects.toThrow(/permission denied/);
    await expect(sql`INSERT INTO gate_requests (id, operation, payload, scope, requested_by, status)
      VALUES (gen_random_uuid(), 'create', '{}', 'global', 'x', 'committed')`.execute(svc)).rejects.toThrow(/permission denied/);
    await expect(call(svc, 'engram_log_request', requestRow({ status: 'committed' }))).rejects.toThrow(/not committed/);
    await expect(call(svc, 'engram_decide_request', `uuid:${committed.id}`, { status: 'approved' })).rejects.toThrow(/GATE_REQUEST_NOT_PENDING/);
    await expect(sql`SELECT engram_commit_unchecked('{}'::jsonb, '{}'::jsonb)`.execute(svc)).rejects.toThrow(/permission denied/);
  });

  it('gives the service no TRIGGER, REFERENCES or TRUNCATE on pg-boss tables, present or future', async () => {
    await sql`CREATE TABLE pgboss.probe_future (x int)`.execute(owner.db);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.role_table_grants
      WHERE table_schema = 'pgboss' AND grantee = 'engram_service' AND privilege_type IN ('TRIGGER', 'REFERENCES', 'TRUNCATE')`.execute(owner.db);
    expect(rows[0]?.n).toBe(0);
  });
});
