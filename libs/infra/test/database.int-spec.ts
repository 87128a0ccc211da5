import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@engram/infra';
import { createEmptyPostgresDatabase, testBackends } from '../../../tools/test/backends.js';
import { approvedAudit, testContentHash } from '../../../tools/test/approved-request.js';
import { poolOf } from '../src/db/kysely-over-pool.js';

function snapshot(id: string, version: number, content: string) {
  const now = new Date().toISOString();
  return {
    id, version, type: 'fact', memory_class: 'semantic', content, metadata: {}, tags: ['t'],
    scope: 'global', source_type: 'test', source_id: null, trust: 'agent', status: 'active',
    created_at: now, updated_at: now, valid_from: now, valid_to: null, superseded_by: null,
    status_reason: null, archived: false, confidence: 1, content_hash: testContentHash(content), operation: 'create',
  };
}

describe.each(testBackends)('database on $name', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('reports its backend and answers a ping', async () => {
    expect(handle.backend).toBe(backend.name);
    await expect(handle.ping()).resolves.toBeUndefined();
  });

  it('starts every connection with the session defaults a one-statement vector read needs (ADR-0042)', async () => {
    const { rows } = await sql<{ scan: string; ef: string; jit: string }>`SELECT current_setting('hnsw.iterative_scan') AS scan,
      current_setting('hnsw.ef_search') AS ef, current_setting('jit') AS jit`.execute(handle.db);
    expect(rows[0]).toEqual({ scan: 'relaxed_order', ef: '100', jit: 'off' });
  });

  it('keeps running when the server ends a connection a transaction holds (a restart, an operator)', async () => {
    if (backend.name !== 'postgres') return; // PGlite is one in-process session: nothing can end it from outside
    // The pool listens for errors only on idle connections: a checked-out one needs its own listener.
    const held = await poolOf(handle).connect();
    expect(held.listenerCount('error')).toBeGreaterThan(0);
    held.release();
    const outcome = await handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
      await sql`SELECT pg_terminate_backend(${rows[0]?.pid})`.execute(handle.db);
      // The connection's end arrives while the transaction still holds it, between two statements.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return sql`SELECT 1`.execute(trx).then(() => 'answered', () => 'refused');
    }).catch(() => 'rolled back');
    expect(['refused', 'rolled back']).toContain(outcome);
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(handle.db);
    expect(rows[0]?.one).toBe(1);
  });

  it('is fully migrated: a second migrateToLatest applies nothing', async () => {
    await expect(migrateToLatest(handle)).resolves.toEqual({ applied: [] });
  });

  it('parses int8 to number', async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM memories`.execute(handle.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('commits a version with its audit through engram_commit_version', async () => {
    const id = randomUUID();
    const v = snapshot(id, 1, 'a');
    const audit = await approvedAudit(handle.db, v, 'test');
    await sql`SELECT engram_commit_version(${JSON.stringify(v)}::jsonb, ${audit}::jsonb)`.execute(handle.db);
    const versions = await handle.db.selectFrom('memory_versions').select('version').where('id', '=', id).execute();
    const audits = await handle.db.selectFrom('gate_audit').select('memory_version').where('memory_id', '=', id).execute();
    expect(versions).toEqual([{ version: 1 }]);
    expect(audits).toEqual([{ memory_version: 1 }]);
  });

  it('serializes transactions: a rolled-back transaction leaves nothing behind', async () => {
    const id = randomUUID();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`SELECT engram_commit_version(${JSON.stringify(snapshot(id, 1, 'b'))}::jsonb, ${await approvedAudit(trx, snapshot(id, 1, 'b'), 'r')}::jsonb)`.execute(trx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await handle.db.selectFrom('memories').select('id').where('id', '=', id).execute();
    expect(rows).toEqual([]);
  });
});

describe('migrations on native postgres', () => {
  it('two handles migrating one empty database at once both succeed, applying each migration once', async () => {
    const url = await createEmptyPostgresDatabase();
    const a = await openDatabase({ databaseUrl: url, home: '/nonexistent' });
    const b = await openDatabase({ databaseUrl: url, home: '/nonexistent' });
    try {
      const [ra, rb] = await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
      const applied = [...ra.applied, ...rb.applied].sort();
      const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(a.db);
      expect(applied).toEqual(rows.map((r) => r.name));
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('rejects with DATABASE_UNAVAILABLE when the server cannot be reached', async () => {
    await expect(
      openDatabase({ databaseUrl: 'postgres://postgres:secret@127.0.0.1:1/none', home: '/nonexistent' }),
    ).rejects.toMatchObject({ code: 'DATABASE_UNAVAILABLE', message: expect.not.stringContaining('secret') });
  });
});
