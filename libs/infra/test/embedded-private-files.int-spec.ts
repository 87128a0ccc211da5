import { chmodSync, mkdirSync, mkdtempSync, readdirSync, lstatSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '@engram/infra';

/** Every entry under `root` whose mode is not 0700 (directory) or 0600 (file), as "mode path". */
function looseEntries(root: string): string[] {
  const loose: string[] = [];
  const visit = (p: string) => {
    const stat = lstatSync(p);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) loose.push(`${mode.toString(8)} ${p}`);
      for (const entry of readdirSync(p)) visit(path.join(p, entry));
    } else if (stat.isFile() && mode !== 0o600) {
      loose.push(`${mode.toString(8)} ${p}`);
    }
  };
  visit(root);
  return loose;
}

describe('the embedded store is private to its user (issue 36)', () => {
  let savedUmask: number;
  beforeAll(() => {
    // The worst case: a umask that takes nothing away (files would be 0666, directories 0777).
    savedUmask = process.umask(0);
  });
  afterAll(() => {
    process.umask(savedUmask);
  });

  it('T3-17 keeps a new store 0700/0600 under umask 0, also the files written while it runs', async () => {
    const home = path.join(mkdtempSync(path.join(os.tmpdir(), 'engram-modes-')), 'home');
    const handle = await openDatabase({ home });
    try {
      await sql`CREATE TABLE private_probe (t text)`.execute(handle.db);
      await sql`INSERT INTO private_probe SELECT repeat('memory text ', 50) FROM generate_series(1, 2000)`.execute(handle.db);
      await sql`CHECKPOINT`.execute(handle.db);
      expect(lstatSync(home).mode & 0o777).toBe(0o700);
      expect(lstatSync(path.join(home, '.s.PGSQL.5432')).mode & 0o077).toBe(0); // the socket: owner only
    } finally {
      await handle.close();
    }
    expect(looseEntries(path.join(home, 'pgdata'))).toEqual([]);
    expect(process.umask() & 0o077).toBe(0o077);
  });

  it('T3-17 tightens an existing home and store written with loose modes when it opens', async () => {
    const home = path.join(mkdtempSync(path.join(os.tmpdir(), 'engram-modes-')), 'home');
    const first = await openDatabase({ home });
    await first.close();
    // As an older engram left them: home 0755, data directories 0755, files 0666.
    chmodSync(home, 0o755);
    const walk = (p: string) => {
      const stat = lstatSync(p);
      chmodSync(p, stat.isDirectory() ? 0o755 : 0o666);
      if (stat.isDirectory()) for (const entry of readdirSync(p)) walk(path.join(p, entry));
    };
    walk(path.join(home, 'pgdata'));
    mkdirSync(path.join(home, 'pgdata', 'stray-dir'), { mode: 0o777 });
    writeFileSync(path.join(home, 'pgdata', 'stray-dir', 'stray-file'), 'x', { mode: 0o666 });
    expect(looseEntries(path.join(home, 'pgdata')).length).toBeGreaterThan(100);

    const again = await openDatabase({ home });
    try {
      expect(lstatSync(home).mode & 0o777).toBe(0o700);
      expect(looseEntries(path.join(home, 'pgdata'))).toEqual([]);
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(again.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await again.close();
    }
  });
});
