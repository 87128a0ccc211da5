import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'queue-lifecycle.ts');
const EXIT_WITHIN_MS = 15_000; // the leak kept processes alive ~60 s; generous for a loaded CI machine

interface Run {
  code: number | null;
  stderr: string;
  worked: unknown;
  /** From closing the database to the process having exited by itself. */
  exitLagMs: number;
}

/** Runs the fixture as its own Node process; kills it (and reports it) if it does not exit. */
function runFixture(mode: string): Promise<Run> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'engram-queue-exit-'));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--experimental-transform-types', '--no-warnings', '--require', path.join(ROOT, 'tools/test/resolve-ts-hook.cjs'), FIXTURE, home, mode],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    let closedAt: number | undefined;
    let killer: NodeJS.Timeout | undefined;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (closedAt === undefined && out.includes('\n')) {
        closedAt = Date.now();
        killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(killer);
      if (closedAt === undefined) return reject(new Error(`fixture exited ${code} before closing: ${err}`));
      resolve({ code, stderr: err, worked: JSON.parse(out.trim()).worked, exitLagMs: Date.now() - closedAt });
    });
  });
}

describe('a process that starts and stops the job queue', () => {
  it('exits by itself right after sending, working and stopping', async () => {
    const run = await runFixture('work');
    expect(run.worked).toEqual({ hello: 'world' });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/Cannot use a pool/);
    expect(run.exitLagMs).toBeLessThan(EXIT_WITHIN_MS);
  });

  it('exits by itself when stop() is called while start() is still running', async () => {
    const run = await runFixture('stop-during-start');
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/Cannot use a pool/);
    expect(run.exitLagMs).toBeLessThan(EXIT_WITHIN_MS);
  });
});
