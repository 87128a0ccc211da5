// Shared by every `npm run bench*` launcher: bundles one TypeScript entry under tools/bench/src
// with esbuild (workspace libs inlined through the tsconfig paths, npm packages external, like
// tools/build/build.mjs does for the apps) into .cache/bench/<outName>, then runs the bundle with
// this Node, passing the launcher's arguments through. The worker files (embedding, embedded
// database) are bundled next to it because infra starts them from the bundle's folder.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Bundles `tools/bench/src/<entry>.ts` into `.cache/bench/<outName>/` and runs it; exits with its code. */
export async function bundleAndRun(entry, outName) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22) {
    console.error(`node ${process.versions.node} is too old: the benchmark needs Node >= 22 (see README)`);
    process.exit(1);
  }
  const outdir = join(root, '.cache/bench', outName);
  // The embedder's worker and the embedded database engine's (ADR-0035), like tools/build/build.mjs.
  const workers = ['libs/infra/src/embedding', 'libs/infra/src/db/embedded'].flatMap((rel) =>
    readdirSync(join(root, rel))
      .filter((f) => /\.worker\.ts$/.test(f))
      .map((f) => ({ in: join(root, rel, f), out: f.replace(/\.ts$/, '') })));
  await build({
    entryPoints: [{ in: join(root, 'tools/bench/src', `${entry}.ts`), out: entry }, ...workers],
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
  const bundle = join(outdir, `${entry}.js`);
  if (!existsSync(bundle)) throw new Error(`bench bundle missing: ${bundle}`);
  // The bundle lives under the repo, so node_modules resolves as usual.
  const child = spawn(process.execPath, ['--enable-source-maps', bundle, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env: process.env });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
}
