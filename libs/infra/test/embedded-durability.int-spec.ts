import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '@engram/infra';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WRITER = path.join(import.meta.dirname, 'fixtures', 'acked-writer.ts');

/** Starts the writer, waits until it has acknowledged `atLeast` commits, then kills it with SIGKILL. */
function writeThenKill(home: string, atLeast: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--experimental-transform-types', '--no-warnings', '--require', path.join(ROOT, 'tools/test/resolve-ts-hook.cjs'), WRITER, home],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const acked: string[] = [];
    let buffer = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (/^[0-9a-f-]{36}$/.test(line)) acked.push(line);
      if (acked.length >= atLeast && child.exitCode === null) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve([...acked]) : reject(new Error(`writer exited ${code}/${signal} early: ${err}`)),
    );
  });
}

describe('embedded database durability', () => {
  it('loses no acknowledged write when the owning process is killed with SIGKILL', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'engram-kill-'));
    const acked = await writeThenKill(home, 150);
    expect(acked.length).toBeGreaterThanOrEqual(150);

    // The dead owner left its lock behind; a new process must take over and see every acked row.
    const handle = await openDatabase({ home });
    try {
      const { rows } = await sql<{ id: string }>`SELECT id FROM acked`.execute(handle.db);
      const stored = new Set(rows.map((r) => r.id));
      const lost = acked.filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
