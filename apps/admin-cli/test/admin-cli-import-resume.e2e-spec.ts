// `engram import` at scale (issue 18): the bulk path is not throttled per record, a killed run
// resumes from its checkpoint, and a re-run is a no-op. Native Postgres (the operator's path).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createEmptyPostgresDatabase } from '../../../tools/test/backends.js';
import { buildApp, childEnv, cliMain, repoRoot, runCli, runCliJson, tempHome } from '../../../tools/test/app-process.js';

const N = 1500;

async function memoryCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT count(*)::int AS n FROM memories')).rows[0].n as number;
  } finally {
    await client.end();
  }
}

/** Starts an import and SIGKILLs it once its checkpoint has passed `afterLine`. */
async function killMidRun(file: string, env: Record<string, string | undefined>, checkpoints: string, afterLine: number): Promise<number> {
  const child = spawn(process.execPath, [cliMain, 'import', file, '--concurrency', '4'], { env: childEnv(env) });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const files = existsSync(checkpoints) ? readdirSync(checkpoints).filter((f) => f.endsWith('.json')) : [];
    const line = files.length ? (JSON.parse(readFileSync(join(checkpoints, files[0] as string), 'utf8')) as { line: number }).line : 0;
    if (line >= afterLine) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      return line;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the import finished or stalled before it could be interrupted');
}

beforeAll(() => buildApp('admin-cli'));

describe('engram import: bulk, resumable, idempotent (native Postgres)', () => {
  const home = tempHome();
  afterAll(() => home.remove());

  it(`imports ${N} records past the per-actor limit, resumes after a kill, and a re-run changes nothing`, async () => {
    const url = await createEmptyPostgresDatabase();
    const env = { ENGRAM_HOME: home.dir, DATABASE_URL: url, ENGRAM_MODEL_DIR: `${home.dir}/no-model` };
    const corpus = spawnSync(process.execPath, [join(repoRoot, 'tools/bench/make-import-corpus.mjs'), String(N)], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const file = join(home.dir, 'corpus.jsonl');
    writeFileSync(file, corpus.stdout);
    expect((await runCli(['migrate'], env)).code).toBe(0);

    const killedAt = await killMidRun(file, env, join(home.dir, 'import-checkpoints'), 300);
    const partial = await memoryCount(url);
    expect(partial).toBeGreaterThanOrEqual(killedAt);
    expect(partial).toBeLessThan(N);

    const resumed = await runCliJson(['import', file], env);
    expect(resumed.resumedAfterLine).toBe(killedAt);
    expect(resumed.rejected).toBe(0);
    expect(resumed.imported + resumed.unchanged).toBe(N);
    expect(await memoryCount(url)).toBe(N);
    expect(readdirSync(join(home.dir, 'import-checkpoints')).filter((f) => f.endsWith('.json'))).toEqual([]);

    const again = await runCliJson(['import', file], env);
    expect(again).toMatchObject({ imported: 0, unchanged: N, rejected: 0, resumedAfterLine: 0 });
  });
});
