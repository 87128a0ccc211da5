import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { SQL_MUTANTS } from '../../../tools/mutation/sql-mutants.list.mjs';
import { testBackends } from '../../../tools/test/backends.js';

/*
 * Issue 36, T3-24: `npm run mutation:sql` edits the LIVE function bodies. 14 of its 15 mutants
 * had edited bodies that a later CREATE OR REPLACE replaced, so killing them proved nothing. Here
 * each mutant's text must be in its function's body as a migrated database runs it (pg_proc), and
 * the lock timeout mutant's setting on every locking function.
 */
describe.each(testBackends)('the SQL mutants edit live code on $name', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => handle?.close());

  it.each(SQL_MUTANTS.filter((m) => m.live !== 'lock_timeout').map((m) => [m.id, m] as const))('T3-24 mutant %s edits the running body', async (_id, m) => {
    const { rows } = await sql<{ src: string }>`SELECT p.prosrc AS src FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.proname = ${m.live}`.execute(handle.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.src).toContain(m.find);
  });

  it('T3-24 the lock-timeout mutant edits the setting every locking function runs with', async () => {
    const { rows } = await sql<{ name: string; config: string[] | null }>`SELECT p.proname AS name, p.proconfig AS config FROM pg_proc p
      WHERE p.proname IN ('engram_lock_memory', 'engram_commit_version', 'engram_commit_head', 'engram_forget', 'engram_decide_request')`.execute(handle.db);
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(r.config).toContain('lock_timeout=5s');
  });
});
