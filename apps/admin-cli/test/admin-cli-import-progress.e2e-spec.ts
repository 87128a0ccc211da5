// `engram import` with stderr in a pipe (a script, a CI log): progress as plain lines (issue 39).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, repoRoot, runCli, runCliJson, tempHome } from '../../../tools/test/app-process.js';

const N = 30;

beforeAll(() => buildApp('admin-cli'));

describe('engram import progress when stderr is not a terminal (embedded home)', () => {
  const home = tempHome();
  afterAll(() => home.remove());

  it('prints a plain progress line every --progress-every records and a final one, without cursor codes', async () => {
    const env = { ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model` };
    const corpus = spawnSync(process.execPath, [join(repoRoot, 'tools/bench/make-import-corpus.mjs'), String(N)], { encoding: 'utf8' });
    const file = join(home.dir, 'corpus.jsonl');
    writeFileSync(file, corpus.stdout);
    expect((await runCli(['migrate'], env)).code).toBe(0);

    const run = await runCli(['import', file, '--concurrency', '2', '--progress-every', '10'], env);
    expect(run.code).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(run.stderr).not.toMatch(/\u001b/);
    const progress = run.stderr.split('\n').filter((l) => l.startsWith('import: '));
    for (const line of progress) expect(line).toMatch(/^import: \d+ records, \d+% of the file, \d+\/s(, done)?$/);
    // A line at 10 and 20 records at least (more if 10 s passed), then the final one.
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toMatch(new RegExp(`^import: ${N} records, 100% of the file, \\d+/s, done$`));

    const bad = await runCli(['import', file, '--progress-every', '0'], env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--progress-every must be a positive integer/);
    expect((await runCliJson(['import', file], env)).unchanged).toBe(N);
  });
});
