import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '@engram/infra';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WRITER = path.join(import.meta.dirname, 'fixtures', 'embedded-writer.ts');

/** Runs the writer fixture as a separate Node process (native TS, .js→.ts resolution hook). */
function runWriter(home: string, name: string, count: number): Promise<{ name: string; own: number; location: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--experimental-transform-types', '--no-warnings', '--require', path.join(ROOT, 'tools/test/resolve-ts-hook.cjs'), WRITER, home, name, String(count)],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(`writer ${name} exited ${code}: ${err}`))));
  });
}

function tmpHome(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'engram-home-'));
}

describe('embedded database shared by several processes', () => {
  it('lets two processes on one ENGRAM_HOME write and read at the same time', async () => {
    const home = tmpHome();
    const [a, b] = await Promise.all([runWriter(home, 'alpha', 20), runWriter(home, 'beta', 20)]);
    expect(a.own).toBe(20);
    expect(b.own).toBe(20);
    const handle = await openDatabase({ home });
    try {
      expect(handle.backend).toBe('pglite');
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM memories`.execute(handle.db);
      const versions = await sql<{ n: number }>`SELECT count(*) AS n FROM memory_versions`.execute(handle.db);
      expect(rows[0]?.n).toBe(40);
      expect(versions.rows[0]?.n).toBe(40);
    } finally {
      await handle.close();
    }
    expect(existsSync(path.join(home, 'engram.lock'))).toBe(false);
  });

  it('serves a second handle through the owner, which takes over once the owner has closed', async () => {
    const home = tmpHome();
    const owner = await openDatabase({ home });
    await migrateToLatest(owner);
    const client = await openDatabase({ home });
    await client.db.transaction().execute(async (trx) => {
      await sql`CREATE TABLE scratch (n int)`.execute(trx);
      await sql`INSERT INTO scratch VALUES (1)`.execute(trx);
    });
    const seen = await sql<{ n: number }>`SELECT n FROM scratch`.execute(owner.db);
    expect(seen.rows).toEqual([{ n: 1 }]);
    await owner.close();
    expect(existsSync(path.join(home, 'engram.lock'))).toBe(false);
    try {
      // The client's next connection finds no owner and becomes it.
      const again = await sql<{ n: number }>`SELECT n FROM scratch`.execute(client.db);
      expect(again.rows).toEqual([{ n: 1 }]);
      expect(JSON.parse(readFileSync(path.join(home, 'engram.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await client.close();
    }
    expect(existsSync(path.join(home, 'engram.lock'))).toBe(false);
  });

  it('keeps transactions of different connections apart', async () => {
    const home = tmpHome();
    const a = await openDatabase({ home });
    const b = await openDatabase({ home });
    try {
      await sql`CREATE TABLE t (n int)`.execute(a.db);
      let observed: number | undefined;
      await a.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO t VALUES (1)`.execute(trx);
        // b's read is queued behind a's transaction: it must never see the uncommitted row.
        const read = sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(b.db).then((r) => (observed = r.rows[0]?.n));
        await new Promise((r) => setTimeout(r, 300));
        expect(observed).toBeUndefined();
        await sql`DELETE FROM t`.execute(trx);
        void read;
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(observed).toBe(0);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('takes over a lock left by a dead process', async () => {
    const home = tmpHome();
    const dead = spawn(process.execPath, ['-e', '0']);
    const pid = await new Promise<number>((resolve) => dead.on('exit', () => resolve(dead.pid!)));
    writeFileSync(path.join(home, 'engram.lock'), JSON.stringify({ pid, socketDir: home, port: 5432 }));
    const handle = await openDatabase({ home });
    try {
      await handle.ping();
      expect(handle.location).not.toContain('via pid');
    } finally {
      await handle.close();
    }
  });
});
