// The embedding adapter as an esbuild-bundled app runs it: main bundle plus `embedding.worker.js`
// emitted beside it (what tools/build/build.mjs does), in a plain Node process, in worker and
// inline mode. Also the only place inline mode can run: jest's vm realm breaks onnxruntime-common.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkModelDir, loadEmbeddingProvider } from '@engram/infra';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const modelDir = process.env['ENGRAM_TEST_MODEL_DIR'] ?? join(repoRoot, '.cache/models/all-MiniLM-L6-v2');
const MODEL = 'all-MiniLM-L6-v2';
const TEXTS = ['This is an example sentence', 'Each sentence is converted', 'x', 'A longer sentence so that the batch needs padding.'];

const ENTRY = `
import { loadEmbeddingProvider } from ${JSON.stringify(join(repoRoot, 'libs/infra/src/embedding/load-embedding-provider.ts'))};
const [mode, modelDir, texts] = process.argv.slice(2);
const provider = await loadEmbeddingProvider({ modelDir, modelName: ${JSON.stringify(MODEL)}, inline: mode === 'inline', batchSize: 2 });
const vectors = await provider.embedPassages(JSON.parse(texts));
await provider.close();
process.stdout.write(JSON.stringify({ version: provider.modelVersion, vectors: vectors.map((v) => Array.from(v)) }));
`;

interface Output {
  version: string;
  vectors: number[][];
}

describe('embedding adapter in an esbuild bundle', () => {
  let outdir: string;

  beforeAll(() => {
    const check = checkModelDir(modelDir, MODEL);
    if (!check.ok) throw new Error(`Embedding model missing: ${check.problem}\nRun: bash tools/setup/fetch-model.sh ${MODEL} ${modelDir}`);
    // Inside the repo so that external packages resolve from its node_modules and "type": "module" applies.
    mkdirSync(join(repoRoot, '.cache'), { recursive: true });
    outdir = mkdtempSync(join(repoRoot, '.cache/embedding-bundle-'));
    writeFileSync(join(outdir, 'entry.ts'), ENTRY);
    const esbuild = join(repoRoot, 'node_modules/esbuild/bin/esbuild');
    execFileSync(esbuild, [
      `main=${join(outdir, 'entry.ts')}`,
      `embedding.worker=${join(repoRoot, 'libs/infra/src/embedding/embedding.worker.ts')}`,
      '--bundle', '--platform=node', '--format=esm', '--packages=external', `--outdir=${join(outdir, 'dist')}`, '--log-level=warning',
    ]);
  });
  afterAll(() => {
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  const run = (mode: 'worker' | 'inline'): Output =>
    JSON.parse(execFileSync(process.execPath, [join(outdir, 'dist/main.js'), mode, modelDir, JSON.stringify(TEXTS)], { encoding: 'utf8', stdio: 'pipe' }));

  it('finds embedding.worker.js beside the bundle and agrees with inline mode and with jest', async () => {
    const worker = run('worker');
    const inline = run('inline');
    const provider = await loadEmbeddingProvider({ modelDir, modelName: MODEL });
    const here = await provider.embedPassages(TEXTS).finally(() => provider.close());
    expect(worker.version).toBe(provider.modelVersion);
    TEXTS.forEach((_, i) => {
      for (const other of [inline.vectors[i]!, Array.from(here[i]!)]) {
        const diff = Math.max(...worker.vectors[i]!.map((value, d) => Math.abs(value - (other[d] as number))));
        expect(diff).toBeLessThan(1e-4);
      }
    });
  });

  it('fails with EMBEDDING_WORKER_MISSING when the build did not emit the worker', () => {
    rmSync(join(outdir, 'dist/embedding.worker.js'));
    expect(() => run('worker')).toThrow(/EMBEDDING_WORKER_MISSING|Embedding worker entry not found/);
    expect(run('inline').vectors).toHaveLength(TEXTS.length);
  });
});
