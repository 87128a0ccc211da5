import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { contentHash, RecordReader, toSnapshot, type MemoryRecord } from '@engram/memory';
import { openServiceRoleDatabase, testBackends, type TestBackend } from '../../../tools/test/backends.js';
import type { Gate } from '../src/index.js';
import { agent, gateFor, user } from './gate-fixtures.js';

/*
 * Issue 36, T3-01 … T3-12: a thief of the service login calls the commit and decision functions
 * with plain SQL. Each attack broke something on 9f15187; here each must be refused and leave the
 * record as it was. Since the librarian split (T3-16, ADR-0047) the service login may not call
 * these functions at all (librarian-split.int-spec.ts); on native Postgres the attacker here is
 * therefore a login of engram_librarian, so the checks hold even against a thief of that login.
 * On PGlite the same functions run as its one user.
 */
type Json = Record<string, unknown>;

interface Arena {
  attacker: Kysely<any>;
  owner: Kysely<any>;
  gate: Gate;
  close(): Promise<void>;
}

async function openArena(backend: TestBackend): Promise<Arena> {
  if (backend.name === 'postgres') {
    const db = await openServiceRoleDatabase('thief');
    return { attacker: db.librarian.db, owner: db.owner.db, gate: gateFor(db.librarian), close: () => db.close() };
  }
  const handle = await backend.open();
  return { attacker: handle.db, owner: handle.db, gate: gateFor(handle), close: () => handle.close() };
}

const call = (db: Kysely<any>, fn: string, ...args: unknown[]) =>
  sql`SELECT ${sql.raw(fn)}(${sql.join(args.map((a) => (typeof a === 'string' && a.startsWith('uuid:') ? sql`${a.slice(5)}::uuid` : sql`${JSON.stringify(a)}::jsonb`)))})`.execute(db);

/** The next version of `head` with `changes`, its content hash right (so only the check under test can refuse it). */
function nextVersion(head: MemoryRecord, changes: Json = {}, operation = 'update'): Json {
  const v: Json = { ...toSnapshot(head, 'update'), version: head.version + 1, operation, ...changes };
  return { ...v, content_hash: contentHash(v['content'] as string) };
}

function requestRow(over: Json & { request?: Json }): Json {
  const { request, ...rest } = over;
  return {
    id: randomUUID(), operation: 'update', scope: 'project:b', requested_by: 'mallory', status: 'approved', decision: 'UPDATE', reason: 'forged',
    payload: { request: request ?? {}, actor: { id: 'mallory', kind: 'user' } }, ...rest,
  };
}

const audit = (requestId: string) => ({ request_id: requestId, reason: 'forged', action: 'approve' });

describe.each(testBackends)('a thief of the service login against the commit functions on $name', (backend) => {
  let arena: Arena;
  let reader: RecordReader;
  const create = async (content: string, scope = 'project:b', extra: Json = {}) =>
    (await arena.gate.submit({ op: 'create', type: 'fact', content, scope, ...extra }, user)).record as MemoryRecord;
  const logged = async (row: Json) => {
    await call(arena.attacker, 'engram_log_request', row);
    return row['id'] as string;
  };
  async function unchanged(before: MemoryRecord): Promise<void> {
    const now = await reader.get(before.id);
    expect({ version: now.version, content: now.content, scope: now.scope, confidence: now.confidence, trust: now.trust, status: now.status })
      .toEqual({ version: before.version, content: before.content, scope: before.scope, confidence: before.confidence, trust: before.trust, status: before.status });
  }

  beforeAll(async () => {
    arena = await openArena(backend);
    reader = new RecordReader(arena.owner);
  });
  afterAll(async () => arena?.close());

  it('T3-01 refuses content that is not the approved payload', async () => {
    const victim = await create('Project B deploys on Fridays');
    const harmless = 'Project B deploys on Fridays, after the standup';
    const id = await logged(requestRow({ target_id: victim.id, request: { op: 'update', id: victim.id, patch: { content: harmless } } }));
    await expect(call(arena.attacker, 'engram_commit_version', nextVersion(victim, { content: 'Project B deploys from http://evil.example/mirror' }), audit(id)))
      .rejects.toThrow(/GATE_REQUEST_MISMATCH: .* has a content that request/);
    await unchanged(victim);
    // The approved text itself commits: the check binds the write to the payload, it does not refuse every update.
    await call(arena.attacker, 'engram_commit_version', nextVersion(victim, { content: harmless }), audit(id));
    expect((await reader.get(victim.id)).content).toBe(harmless);
  });

  it('T3-02 refuses an import that does not carry the version, or targets another record', async () => {
    const a = await create('Project B release train leaves on Tuesdays');
    const b = await create('Project B staging database is called stg-b');
    const empty = await logged(requestRow({ operation: 'import', target_id: a.id, request: { op: 'import', versions: [] } }));
    await expect(call(arena.attacker, 'engram_commit_version', nextVersion(a, { content: 'overwritten by import' }, 'import'), audit(empty)))
      .rejects.toThrow(/GATE_REQUEST_MISMATCH: version 2 of memory .* is not one import request/);
    const ofA = nextVersion(a, { content: 'overwritten by import' }, 'import');
    const carried = { id: a.id, version: 2, content: ofA['content'], scope: a.scope, status: a.status, trust: a.trust, confidence: a.confidence,
      supersededBy: null, metadata: a.metadata, tags: a.tags };
    const forA = await logged(requestRow({ operation: 'import', target_id: a.id, request: { op: 'import', versions: [carried] } }));
    await expect(call(arena.attacker, 'engram_commit_version', nextVersion(b, { content: 'overwritten by import' }, 'import'), audit(forA)))
      .rejects.toThrow(/GATE_REQUEST_MISMATCH/);
    await unchanged(a);
    await unchanged(b);
  });

  it('T3-03 refuses a scope change under any request but a promote', async () => {
    const victim = await create('Project B secret roadmap: ship the billing rewrite in Q3');
    const id = await logged(requestRow({ target_id: victim.id, request: { op: 'update', id: victim.id, patch: { tags: ['x'] } } }));
    const promoted = nextVersion(victim, { scope: 'global', metadata: { ...victim.metadata, promoted_from: victim.scope } }, 'promote');
    await expect(call(arena.attacker, 'engram_commit_version', promoted, audit(id))).rejects.toThrow(/GATE_REQUEST_MISMATCH: a update request commits no promote version/);
    await unchanged(victim);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM memories WHERE scope = 'global' AND id = ${victim.id}::uuid`.execute(arena.owner);
    expect(rows[0]?.n).toBe(0);
  });

  it('T3-06 refuses a second decision on an approved request (no rewritten reviewer or reason)', async () => {
    const id = await logged(requestRow({ operation: 'create', request: { op: 'create' } }));
    for (const status of ['approved', 'rejected', 'noop']) {
      await expect(call(arena.attacker, 'engram_decide_request', `uuid:${id}`, { status, reviewer: 'mallory', reason: 'rewritten' }))
        .rejects.toThrow(/GATE_REQUEST_NOT_PENDING: request .* is approved, it cannot become/);
    }
    const { rows } = await sql<{ reviewer: string | null; reason: string }>`SELECT reviewer, reason FROM gate_requests WHERE id = ${id}::uuid`.execute(arena.owner);
    expect(rows[0]).toEqual({ reviewer: null, reason: 'forged' });
  });

  it('T3-09 refuses a content hash that is not the text\'s (no second active record of the same text)', async () => {
    const original = await create('Project B uses blue-green deploys');
    const forgedId = randomUUID();
    const request = { op: 'create', type: 'fact', content: original.content, scope: 'project:b', id: forgedId, source: original.source };
    const id = await logged(requestRow({ operation: 'create', target_id: forgedId, request }));
    const v = { ...toSnapshot({ ...original, id: forgedId, version: 1 }, 'create'), id: forgedId, version: 1, operation: 'create', trust: 'user', content_hash: 'deadbeef' };
    await expect(call(arena.attacker, 'engram_commit_version', v, audit(id))).rejects.toThrow(/CONTENT_HASH_MISMATCH/);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM memories WHERE status = 'active' AND content = ${original.content}`.execute(arena.owner);
    expect(rows[0]?.n).toBe(1);
  });

  it('T3-10 refuses confidence, trust or superseded_by the request does not give', async () => {
    const victim = (await arena.gate.submit({ op: 'create', type: 'fact', content: 'Rumour: project B moves to Kubernetes', scope: 'project:b', confidence: 0.3 }, agent)).record as MemoryRecord;
    const elsewhere = await create('Project A keeps its VMs', 'project:a');
    const tags = await logged(requestRow({ target_id: victim.id, request: { op: 'update', id: victim.id, patch: { tags: ['k8s'] } } }));
    await expect(call(arena.attacker, 'engram_commit_version', nextVersion(victim, { tags: ['k8s'], confidence: 1 }), audit(tags))).rejects.toThrow(/has a confidence/);
    await expect(call(arena.attacker, 'engram_commit_version', nextVersion(victim, { tags: ['k8s'], trust: 'user' }), audit(tags))).rejects.toThrow(/has a trust/);
    // Nor ends its validity (a record no longer current drops out of reads) under a request that only tags it.
    await expect(call(arena.attacker, 'engram_commit_version', nextVersion(victim, { tags: ['k8s'], valid_to: '2026-01-01T00:00:00.000Z' }), audit(tags)))
      .rejects.toThrow(/has a valid_to/);
    const sup = await logged(requestRow({ operation: 'supersede', target_id: victim.id, request: { op: 'supersede', id: victim.id, replacementId: elsewhere.id } }));
    await expect(call(arena.attacker, 'engram_commit_version', nextVersion(victim, { status: 'superseded', superseded_by: elsewhere.id }, 'supersede'), audit(sup)))
      .rejects.toThrow(/cannot be superseded by .*, a record of another scope/);
    await unchanged(victim);
  });

  it('T3-11 refuses a supersedes edge between records that did not supersede each other', async () => {
    const a = await create('Project B on-call rota is weekly');
    const b = await create('Project B uses PagerDuty');
    await expect(sql`SELECT engram_add_edge(${a.id}::uuid, ${b.id}::uuid, 'supersedes', 1)`.execute(arena.attacker)).rejects.toThrow(/EDGE_KIND_DENIED/);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM memory_edges WHERE kind = 'supersedes' AND src_id = ${a.id}::uuid`.execute(arena.owner);
    expect(rows[0]?.n).toBe(0);
  });

  it('T3-12 refuses decision audits on another request, by another reviewer, or twice', async () => {
    const committed = await arena.gate.submit({ op: 'create', type: 'fact', content: 'Project B budget is approved', scope: 'project:b' }, user);
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM gate_audit WHERE request_id = ${committed.requestId}::uuid`.execute(arena.owner);
    for (const action of ['reject', 'noop', 'queue']) {
      await expect(call(arena.attacker, 'engram_record_decision', { request_id: committed.requestId, action, reason: 'forged', reviewer: 'mallory' }))
        .rejects.toThrow(/GATE_DECISION_MISMATCH/);
    }
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM gate_audit WHERE request_id = ${committed.requestId}::uuid`.execute(arena.owner);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    // Even inside the transaction that logs a request: only its own decision, by its own reviewer, once.
    const inOneTransaction = (row: Json, decisions: Json[]) => arena.attacker.transaction().execute(async (trx) => {
      await call(trx, 'engram_log_request', row);
      for (const d of decisions) await call(trx, 'engram_record_decision', { request_id: row['id'], reason: 'forged', ...d });
    });
    await expect(inOneTransaction(requestRow({ operation: 'create', request: { op: 'create' } }), [{ action: 'reject' }])).rejects.toThrow(/GATE_DECISION_MISMATCH/);
    await expect(inOneTransaction(requestRow({ status: 'rejected', reviewer: 'bob' }), [{ action: 'reject', reviewer: 'mallory' }])).rejects.toThrow(/GATE_DECISION_MISMATCH/);
    await expect(inOneTransaction(requestRow({ status: 'rejected' }), [{ action: 'reject' }, { action: 'reject' }])).rejects.toThrow(/GATE_DECISION_MISMATCH/);
    await expect(inOneTransaction(requestRow({ status: 'rejected', reviewer: 'bob' }), [{ action: 'reject', reviewer: 'bob' }])).resolves.toBeUndefined();
  });
});
