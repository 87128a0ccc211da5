import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { scanValue } from './scanner.js';

/*
 * False positives on ordinary developer text (issue 17): the repository's own source code and
 * docs (minus test files, which hold planted secrets on purpose), plus generated log lines, UUIDs,
 * git hashes, timestamps and build numbers. The rate is written down in docs/benchmarks.md.
 */
const ROOT = path.join(import.meta.dirname, '../../../..');

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'test' || name === 'dist' ? [] : filesUnder(full, ext);
    return ext.test(name) && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(name) ? [full] : [];
  });
}

function generatedLines(n: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const hash = randomBytes(20).toString('hex');
    lines.push(
      `2026-11-26T07:${String(i % 60).padStart(2, '0')}:12.345Z INFO [gate] committed ${randomUUID()} in 12.${i % 10} ms (request ${randomUUID()})`,
      `commit ${hash} Merge branch 'g${i % 30}' into main; build #${10_000 + i}, pid ${1000 + i}, port ${3000 + (i % 100)}`,
      `sha256 ${randomBytes(32).toString('hex')}  engram-0.${i % 9}.${i % 7}.tgz`,
      `GET /api/v1/memories/${randomUUID()}?limit=50 200 ${i % 900 + 3}ms bytes=${i * 37}`,
    );
  }
  return lines;
}

describe('secret scanner false-positive rate on ordinary developer text', () => {
  it('flags fewer than 0.5 % of lines of code, docs, logs, UUIDs and hashes', () => {
    const files = [...filesUnder(path.join(ROOT, 'libs'), /\.ts$/), ...filesUnder(path.join(ROOT, 'apps'), /\.ts$/), ...filesUnder(path.join(ROOT, 'docs'), /\.md$/)];
    const lines = [...files.flatMap((f) => readFileSync(f, 'utf8').split('\n')), ...generatedLines(2500)].filter((l) => l.trim().length > 0);
    const flagged = lines.filter((l) => scanValue(l).length > 0);
    const rate = flagged.length / lines.length;
    process.stdout.write(`scanner false positives: ${flagged.length} of ${lines.length} lines (${(rate * 100).toFixed(3)} %)\n${flagged.slice(0, 40).map((l) => `  ${l.trim().slice(0, 140)}`).join('\n')}\n`);
    expect(lines.length).toBeGreaterThan(20_000);
    expect(rate).toBeLessThan(0.005);
  });
});
