#!/usr/bin/env node
// `npm run bench:retrieve [-- --size N] [--queries N] [--skip-pglite]`: validated retrieval latency.
// Bundles tools/bench/src/retrieve-main.ts with esbuild exactly as run.mjs bundles the main benchmark
// (workspace libs inlined, npm packages external) into .cache/bench/dist and runs it with this Node.
// Progress goes to stderr; the results are printed as markdown on stdout.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outdir = join(root, '.cache/bench/dist');

const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`node ${process.versions.node} is too old: the benchmark needs Node >= 22 (see README)`);
  process.exit(1);
}

// The embedder starts its worker from `embedding.worker.js` next to the bundle.
const workerDir = join(root, 'libs/infra/src/embedding');
const workers = readdirSync(workerDir)
  .filter((f) => /\.worker\.ts$/.test(f))
  .map((f) => ({ in: join(workerDir, f), out: f.replace(/\.ts$/, '') }));

await build({
  entryPoints: [{ in: join(root, 'tools/bench/src/retrieve-main.ts'), out: 'retrieve-main' }, ...workers],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  tsconfig: join(root, 'tsconfig.base.json'),
  sourcemap: true,
  keepNames: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __benchCreateRequire } from 'node:module';\nconst require = __benchCreateRequire(import.meta.url);",
  },
});
if (!existsSync(join(outdir, 'retrieve-main.js'))) throw new Error('bench bundle missing');

// npm packages stay external: the bundle lives under the repo, so node_modules resolves as usual.
const child = spawn(process.execPath, ['--enable-source-maps', join(outdir, 'retrieve-main.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
