/*
 * Generated state stays out of git (ADR-0044): no tracked file over 1 MB, and none of Stryker's
 * incremental reports (they live in .cache/mutation/incremental/). Reads the index of the checkout
 * the tests run in.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const MAX_BYTES = 1024 * 1024;

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0').filter(Boolean);
}

describe('tracked files (ADR-0044)', () => {
  const files = trackedFiles();

  it('reads the checkout it runs in', () => {
    expect(files).toEqual(expect.arrayContaining(['package.json', 'stryker.config.mjs']));
  });

  it('holds no file over 1 MB', () => {
    // A file deleted in the working tree but still in the index is not checked: git keeps its last size.
    const large = files.flatMap((f) => {
      try {
        const size = statSync(join(root, f)).size;
        return size > MAX_BYTES ? [`${f}: ${size} bytes`] : [];
      } catch {
        return [];
      }
    });
    expect(large).toEqual([]);
  });

  it("tracks none of Stryker's incremental reports", () => {
    expect(files.filter((f) => f.startsWith('tools/mutation/incremental/'))).toEqual([]);
  });
});
