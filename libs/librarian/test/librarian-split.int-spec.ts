import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { RecordReader, type MemoryRecord } from '@engram/memory';
import { openServiceRoleDatabase, testBackends, type ServiceRoleDatabase } from '../../../tools/test/backends.js';
import {
  createRemoteGate, GateRequestNotPendingError, LibrarianUnavailableError, startLibrarianServer, type Gate, type LibrarianServer, type RemoteGate,
} from '../src/index.js';
import { agent, gateFor, user } from './gate-fixtures.js';

/*
 * Issue 36, T3-16: a thief of the service login approved its own requests (ADR-0031's librarian
 * split was designed, not built). Now the functions that log, decide, lock and commit run only for
 * a login of engram_librarian (migration 20261128T090000000Z); the servers hand their writes to
 * the librarian over its socket (ADR-0047).
 */
const KEY = randomBytes(32).toString('hex');
const onPostgres = testBackends.some((b) => b.name === 'postgres');

/** Every gate function, with arguments that would pass its checks as far as they go. */
function gateCalls(id: string, requestId: string) {
  const approved = { id: requestId, operation: 'create', scope: 'project:b', requested_by: 'mallory', status: 'approved', decision: 'ADD', reason: 'forged', payload: { request: {}, actor: { id: 'mallory', kind: 'user' } } };
  const audit = JSON.stringify({ request_id: requestId, reason: 'forged', action: 'approve' });
  return {
    engram_log_request: sql`SELECT engram_log_request(${JSON.stringify(approved)}::jsonb)`,
    engram_decide_request: sql`SELECT engram_decide_request(${requestId}::uuid, ${JSON.stringify({ status: 'approved', reason: 'self-approved', reviewer: 'mallory' })}::jsonb)`,
    engram_claim_request: sql`SELECT engram_claim_request(${requestId}::uuid)`,
    engram_record_decision: sql`SELECT engram_record_decision(${audit}::jsonb)`,
    engram_commit_version: sql`SELECT engram_commit_version('{}'::jsonb, ${audit}::jsonb)`,
    engram_commit_head: sql`SELECT * FROM engram_commit_head('{}'::jsonb, ${audit}::jsonb, '[]'::jsonb, NULL)`,
    engram_commit_heads: sql`SELECT * FROM engram_commit_heads('[]'::jsonb)`,
    engram_forget: sql`SELECT engram_forget(${id}::uuid, '{}'::jsonb, ${audit}::jsonb)`,
    engram_lock_memory: sql`SELECT engram_lock_memory(${id}::uuid)`,
    engram_add_edge: sql`SELECT engram_add_edge(${id}::uuid, ${randomUUID()}::uuid, 'supports', 0.5)`,
  };
}

(onPostgres ? describe : describe.skip)('T3-16 the librarian split on postgres', () => {
  let db: ServiceRoleDatabase;
  let victim: MemoryRecord;

  beforeAll(async () => {
    db = await openServiceRoleDatabase('split');
    victim = (await gateFor(db.librarian).submit({ op: 'create', type: 'fact', content: 'Project B deploys on Fridays', scope: 'project:b' }, user)).record as MemoryRecord;
  });
  afterAll(async () => db?.close());

  const requests = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM gate_requests`.execute(db.owner.db)).rows[0]?.n);

  it('T3-16 a thief of the service login logs no request, decides none, and commits, forgets, locks or links nothing', async () => {
    const before = await requests();
    for (const [fn, statement] of Object.entries(gateCalls(victim.id, randomUUID()))) {
      await expect(statement.execute(db.service.db)).rejects.toThrow(new RegExp(`permission denied for function ${fn}`));
    }
    // Nor around the functions: the tables they write take no direct write from it.
    await expect(sql`INSERT INTO gate_requests (id, operation, payload, scope, requested_by, status) VALUES (${randomUUID()}::uuid, 'create', '{}', 'global', 'm', 'approved')`
      .execute(db.service.db)).rejects.toThrow(/permission denied/);
    await expect(sql`UPDATE memories SET content = 'stolen'`.execute(db.service.db)).rejects.toThrow(/permission denied/);
    expect(await requests()).toBe(before);
    const now = await new RecordReader(db.owner.db).get(victim.id);
    expect({ version: now.version, content: now.content }).toEqual({ version: victim.version, content: victim.content });
  });

  it('T3-16 the librarian login holds exactly the gate functions beyond the service login, and PUBLIC none', async () => {
    const { rows } = await sql<{ fn: string; service: boolean; librarian: boolean; pub: boolean }>`
      SELECT p.proname AS fn, has_function_privilege('engram_service', p.oid, 'EXECUTE') AS service,
             has_function_privilege('engram_librarian', p.oid, 'EXECUTE') AS librarian, has_function_privilege('public', p.oid, 'EXECUTE') AS pub
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'public' AND p.proname LIKE 'engram\\_%'`.execute(db.owner.db);
    const onlyLibrarian = rows.filter((r) => r.librarian && !r.service).map((r) => r.fn).sort();
    expect(onlyLibrarian).toEqual(Object.keys(gateCalls('', '')).sort());
    expect(rows.filter((r) => r.service && !r.librarian)).toEqual([]);
    expect(rows.filter((r) => r.pub)).toEqual([]);
  });

  describe('the servers write through the librarian: gate under engram_librarian, server under engram_service', () => {
    let dir: string;
    let server: LibrarianServer;
    let remote: RemoteGate;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'engram-lib-'));
      const librarianGate = gateFor(db.librarian);
      server = await startLibrarianServer({ gates: { agents: librarianGate, sweeper: librarianGate }, socketPath: join(dir, 'librarian.sock'), key: KEY });
      remote = createRemoteGate({ db: db.service.db, librarian: { socketPath: server.socketPath, key: KEY }, gate: 'agents' });
    });
    afterAll(async () => {
      remote?.close();
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('T3-16 commits what the gate approves, and queues what needs a reviewer until one decides', async () => {
      const out = await remote.submit({ op: 'create', type: 'fact', content: 'Project C ships on Mondays', scope: 'project:c' }, user);
      expect(out).toMatchObject({ status: 'committed', decision: 'ADD' });
      expect(out.record?.createdAt).toBeInstanceOf(Date);
      expect((await new RecordReader(db.service.db).get(out.record!.id)).content).toBe('Project C ships on Mondays');

      const queued = await remote.submit({ op: 'create', type: 'belief', content: 'Agents think Project C is late', scope: 'project:c' }, agent);
      expect(queued.status).toBe('pending');
      expect(await remote.getRequest(queued.requestId)).toMatchObject({ status: 'pending', requestedBy: agent.id });
      const approved = await remote.approve(queued.requestId, 'carol');
      expect(approved).toMatchObject({ status: 'committed', decision: 'ADD' });
      await expect(remote.approve(queued.requestId, 'carol')).rejects.toThrow(GateRequestNotPendingError);
      await expect(remote.approve(queued.requestId, 'carol')).rejects.toMatchObject({ requestId: queued.requestId, status: 'committed' });
      const unknown = randomUUID();
      await expect(remote.reject(unknown, 'carol', 'no')).rejects.toMatchObject({ code: 'GATE_REQUEST_NOT_FOUND', requestId: unknown });
      expect((await remote.auditTrail(queued.requestId)).map((a) => a.action)).toEqual(['queue', 'approve']);
    });

    it('T3-16 a batch is judged and committed by the librarian under its login, in order', async () => {
      const outs = await remote.submitBatch([
        { op: 'create', type: 'fact', content: 'Project D ships on Thursdays', scope: 'project:d' },
        { op: 'create', type: 'fact', content: 'Project D ships on Thursdays', scope: 'project:d' },
      ], user);
      expect(outs.map((o) => o.status)).toEqual(['committed', 'noop']);
      expect(outs[1]?.duplicateOf).toBe(outs[0]?.record?.id);
      expect((await new RecordReader(db.service.db).get(outs[0]!.record!.id)).content).toBe('Project D ships on Thursdays');
    });
  });
});

describe.each(testBackends)('the librarian socket on $name', (backend) => {
  let dir: string;
  let handle: Awaited<ReturnType<typeof backend.open>>;
  let gate: Gate;
  let server: LibrarianServer;
  const remoteWith = (key: string): RemoteGate => createRemoteGate({ db: handle.db, librarian: { socketPath: join(dir, 'librarian.sock'), key }, gate: 'agents' });
  const count = async (db: Kysely<any>) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM gate_requests`.execute(db)).rows[0]?.n);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-lib-'));
    handle = await backend.open();
    gate = gateFor(handle);
    server = await startLibrarianServer({ gates: { agents: gate, sweeper: gate }, socketPath: join(dir, 'librarian.sock'), key: KEY, maxBodyBytes: 64 * 1024 });
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is a socket only its owner may open', () => {
    expect(statSync(server.socketPath).mode & 0o777).toBe(0o600);
  });

  it('refuses a wrong key before reading the request, and writes nothing', async () => {
    const before = await count(handle.db);
    const thief = remoteWith('x'.repeat(64));
    await expect(thief.submit({ op: 'create', type: 'fact', content: 'Written with a guessed key', scope: 'project:k' }, user))
      .rejects.toThrow(LibrarianUnavailableError);
    thief.close();
    expect(await count(handle.db)).toBe(before);
  });

  it('answers Layer 1 refusals as outcomes and counts them on the server side too', async () => {
    const remote = remoteWith(KEY);
    const out = await remote.submit({ op: 'create', type: 'fact', content: 'token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB', scope: 'project:k' }, user);
    expect(out).toMatchObject({ status: 'rejected', code: 'SECRET_DETECTED' });
    expect(remote.layer1Rejections()).toEqual({ SECRET_DETECTED: 1 });
    const tooBig = await remote.submit({ op: 'create', type: 'fact', content: 'x '.repeat(40_000), scope: 'project:k' }, user).catch((e: unknown) => e);
    expect(tooBig).toBeInstanceOf(Error);
    expect(String(tooBig)).toMatch(/TOO_LARGE: the request body exceeds 65536 bytes/);
    remote.close();
  });

  it('refuses an actor it cannot read, naming the field', async () => {
    const remote = remoteWith(KEY);
    await expect(remote.submit({ op: 'create', type: 'fact', content: 'An actor of no kind', scope: 'project:k' }, { id: 'mallory', kind: 'root' as never }))
      .rejects.toThrow(/INVALID_INPUT: actor.kind/);
    remote.close();
  });

  it('batches concurrent writes from one server into the gate, each answered on its own', async () => {
    const remote = remoteWith(KEY);
    const outs = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      remote.submit({ op: 'create', type: 'fact', content: `Concurrent fact number ${i} about the librarian socket`, scope: 'project:many' }, user)));
    expect(outs.map((o) => o.status)).toEqual(Array(20).fill('committed'));
    expect(new Set(outs.map((o) => o.record?.id)).size).toBe(20);
    remote.close();
  });

  it('sends a batch in order through /submit-batch, in parts of at most 100, each request answered as the gate answers it', async () => {
    const remote = remoteWith(KEY);
    const bulk = { id: 'bulk-loader', kind: 'agent' as const };
    const requests = [
      ...Array.from({ length: 103 }, (_, i) => ({ op: 'create' as const, type: 'fact', content: `Batch fact ${i} sent over the socket ${i * 7919 + 3}`, scope: 'project:bulk' })),
      { op: 'create' as const, type: 'fact', content: 'Batch fact 2 sent over the socket 15841', scope: 'project:bulk' },
      { op: 'create' as const, type: 'fact', content: 'token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB', scope: 'project:bulk' },
    ];
    const outs = await remote.submitBatch(requests, bulk);
    expect(outs.slice(0, 103).map((o) => o.status)).toEqual(Array(103).fill('committed'));
    expect(outs[103]).toMatchObject({ status: 'noop', duplicateOf: outs[2]?.record?.id });
    expect(outs[104]).toMatchObject({ status: 'rejected', code: 'SECRET_DETECTED' });
    expect(remote.layer1Rejections()['SECRET_DETECTED']).toBe(1);
    remote.close();
  });

  it('says the librarian is not running when its socket is gone, after a short wait, and nothing is acknowledged', async () => {
    const remote = createRemoteGate({ db: handle.db, librarian: { socketPath: join(dir, 'nobody.sock'), key: KEY }, gate: 'agents' });
    await expect(remote.submit({ op: 'create', type: 'fact', content: 'Nobody listens', scope: 'project:k' }, user))
      .rejects.toThrow(/LIBRARIAN|librarian at .*nobody.sock did not answer .*engram librarian/);
    remote.close();
  });
});
