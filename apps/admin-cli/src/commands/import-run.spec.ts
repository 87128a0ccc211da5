import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChangeResult } from '@engram/agents';
import { runImport } from './import-run.js';

const coded = (code: string, message: string) => Object.assign(new Error(message), { code });
const committed = { status: 'active', gateStatus: 'committed' } as unknown as ChangeResult;

describe('runImport when a line fails', () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'engram-import-run-'));
    file = join(dir, 'lines.jsonl');
    writeFileSync(file, Array.from({ length: 10 }, (_, i) => `{"line":${i + 1}}`).join('\n') + '\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts a line\'s own error as rejected and goes on', async () => {
    const result = await runImport({
      file, concurrency: 1, onProgress: () => undefined, checkpoint: () => undefined,
      importLine: async (_t, n) => {
        if (n === 4) throw coded('INVALID_IMPORT_LINE', 'line 4 is not a version');
        return committed;
      },
    });
    expect(result.counts).toEqual({ imported: 9, unchanged: 0, pending: 0, rejected: 1 });
    expect(result.rejectedLines).toEqual(['line 4: line 4 is not a version']);
  });

  it.each([
    ['a permission the login lacks', coded('42501', 'permission denied for function engram_log_request')],
    ['the librarian being down', coded('LIBRARIAN_UNAVAILABLE', 'the librarian at /run/x.sock did not answer')],
  ])('stops at %s: no later line is sent, the checkpoint is where every earlier line is done, and the error is thrown', async (_label, failure) => {
    const sent: number[] = [];
    const checkpoints: number[] = [];
    const run = runImport({
      file, concurrency: 1, onProgress: () => undefined, checkpoint: (c) => void checkpoints.push(c.line),
      importLine: async (_t, n) => {
        sent.push(n);
        if (n >= 3) throw failure;
        return committed;
      },
    });
    await expect(run).rejects.toBe(failure);
    expect(sent).toEqual([1, 2, 3]);
    expect(checkpoints.at(-1)).toBe(2);
  });
});
