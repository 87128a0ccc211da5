import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { RecordReader, toSnapshot } from '@engram/memory';
import { approvedAudit, logApprovedRequest } from '../../../tools/test/approved-request.js';
import { testBackends } from '../../../tools/test/backends.js';
import { useGateDatabase, user } from './gate-fixtures.js';

// ADR-0004: "exactly one approval audit per stored version" is a database guarantee, not discipline.
describe.each(testBackends)('one approval audit per version on $name', (backend) => {
  const ctx = useGateDatabase(backend);
  let id: string;

  beforeAll(async () => {
    id = (await ctx.gate.submit({ op: 'create', type: 'fact', content: 'Audited once', scope: 'project:a' }, user)).record?.id as string;
  });

  const approvals = async () =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM gate_audit WHERE memory_id = ${id}::uuid AND action = 'approve'`.execute(ctx.handle.db)).rows[0]?.n);

  it('refuses a second commit of the same version and writes no second audit', async () => {
    const head = await new RecordReader(ctx.handle.db).get(id);
    const replay = toSnapshot(head, 'create');
    const audit = await approvedAudit(ctx.handle.db, replay, 'replay');
    await expect(sql`SELECT engram_commit_version(${JSON.stringify(replay)}::jsonb, ${audit}::jsonb)`.execute(ctx.handle.db))
      .rejects.toThrow(/VERSION_CONFLICT/);
    expect(await approvals()).toBe(1);
  });

  it('refuses a second approval row for a version, even written directly as the owner', async () => {
    await expect(sql`INSERT INTO gate_audit (request_id, action, reason, memory_id, memory_version)
      VALUES (${randomUUID()}::uuid, 'approve', 'second', ${id}::uuid, 1)`.execute(ctx.handle.db)).rejects.toThrow(/gate_audit_one_approval_per_version/);
    const decision = JSON.stringify({ request_id: randomUUID(), action: 'approve', reason: 'second', memory_id: id, memory_version: 1 });
    await expect(sql`SELECT engram_record_decision(${decision}::jsonb)`.execute(ctx.handle.db)).rejects.toThrow(/approvals are written by the commit/);
    expect(await approvals()).toBe(1);
  });

  it('allows versioned audit rows only as approvals', async () => {
    const noop = JSON.stringify({ request_id: randomUUID(), action: 'noop', reason: 'not an approval', memory_id: id, memory_version: 2 });
    await expect(sql`SELECT engram_record_decision(${noop}::jsonb)`.execute(ctx.handle.db)).rejects.toThrow(/without a version/);
    await expect(sql`INSERT INTO gate_audit (request_id, action, reason, memory_id, memory_version)
      VALUES (${randomUUID()}::uuid, 'noop', 'direct', ${id}::uuid, 2)`.execute(ctx.handle.db)).rejects.toThrow(/gate_audit_versioned_is_approval/);
    // A noop audit records the noop its request was logged as, in the same transaction (issue 36).
    await expect(ctx.handle.db.transaction().execute(async (trx) => {
      const unversioned = JSON.stringify({ request_id: await logApprovedRequest(trx, { status: 'noop' }), action: 'noop', reason: 'duplicate', memory_id: id });
      return sql`SELECT engram_record_decision(${unversioned}::jsonb)`.execute(trx);
    })).resolves.toBeDefined();
  });
});
