#!/usr/bin/env node
// Bundles each app into dist/apps/<app>/main.js (esbuild, ESM, Node 22+).
// Workspace libs (@engram/*) are inlined through the tsconfig paths; npm packages stay external
// and are resolved from node_modules at run time (native addons such as onnxruntime-node cannot be bundled).
// Usage: node tools/build/build.mjs [app...]   (default: every app under apps/ with src/main.ts)
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// Some CommonJS dependencies call require() inside the ESM bundle; give them one.
const banner = [
  "import { createRequire as __engramCreateRequire } from 'node:module';",
  'const require = __engramCreateRequire(import.meta.url);',
].join('\n');

/**
 * Extra entries an app needs beside main.ts: the worker thread files infra starts from the bundle's
 * folder (the embedder's, and the embedded database engine's, ADR-0035).
 */
function workerEntries() {
  return ['libs/infra/src/embedding', 'libs/infra/src/db/embedded'].flatMap((rel) => {
    const dir = join(root, rel);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => /\.worker\.ts$/.test(f))
      .map((f) => ({ in: join(dir, f), out: f.replace(/\.ts$/, '') }));
  });
}

function appsToBuild(argv) {
  const all = readdirSync(join(root, 'apps')).filter((a) => existsSync(join(root, 'apps', a, 'src/main.ts')));
  if (argv.length === 0) return all;
  for (const a of argv) if (!all.includes(a)) throw new Error(`unknown app "${a}" (have: ${all.join(', ')})`);
  return argv;
}

/*
 * The hook app is a cold process per agent event (p95 < 150 ms, ADR-0012): its dependencies (kysely,
 * pg) are inlined, because resolving and loading their hundreds of module files cost more than half
 * of the hook's budget; `splitting` lets main.js enable the V8 compile cache before the rest loads.
 */
const INLINE_DEPENDENCIES = { hook: new Set(['kysely', 'pg']) };

function externalsOf(app) {
  const inline = INLINE_DEPENDENCIES[app];
  if (!inline) return { packages: 'external' };
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const deps = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter((d) => !inline.has(d));
  // pg's optional native driver and its edge-runtime socket are never used by engram.
  return { external: [...deps.flatMap((d) => [d, `${d}/*`]), 'pg-native', 'pg-cloudflare', 'cloudflare:sockets'] };
}

/**
 * Chunks of earlier builds (content-hashed names) that no output refers to any more. Only ones
 * older than a minute: a process started from the previous main.js may still be importing its chunk.
 */
function removeStaleChunks(outdir, written) {
  const dir = join(outdir, 'chunks');
  if (!existsSync(dir)) return;
  const keep = new Set(written);
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (!keep.has(file) && Date.now() - statSync(file).mtimeMs > 60_000) rmSync(file, { force: true });
  }
}

async function buildApp(app) {
  const outdir = join(root, 'dist/apps', app);
  const result = await build({
    entryPoints: [{ in: join(root, 'apps', app, 'src/main.ts'), out: 'main' }, ...(INLINE_DEPENDENCIES[app] ? [] : workerEntries())],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    ...externalsOf(app),
    ...(INLINE_DEPENDENCIES[app] ? { splitting: true, chunkNames: 'chunks/[name]-[hash]' } : {}),
    tsconfig: join(root, 'tsconfig.base.json'),
    sourcemap: true,
    banner: { js: banner },
    logLevel: 'warning',
    // Nest and the libs rely on class names in errors and logs.
    keepNames: true,
    write: false,
  });
  // Write-then-rename: a process started from dist while another build runs (parallel test
  // files, a developer rebuilding) never reads a half-written bundle.
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const tmp = `${file.path}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
  removeStaleChunks(outdir, result.outputFiles.map((f) => f.path));
  process.stderr.write(`built dist/apps/${app}/main.js\n`);
}

/*
 * The inspector's front-end (ADR-0024): one browser bundle (graph, charts) and one stylesheet,
 * written to dist/apps/inspector/assets and served by the app itself: no CDN, no external font.
 */
async function buildInspectorAssets() {
  const client = join(root, 'apps/inspector/client');
  const outdir = join(root, 'dist/apps/inspector/assets');
  await build({
    entryPoints: [join(client, 'app.ts'), join(client, 'app.css')],
    outdir,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  copyFileSync(join(client, 'favicon.svg'), join(outdir, 'favicon.svg'));
  process.stderr.write('built dist/apps/inspector/assets\n');
}

for (const app of appsToBuild(process.argv.slice(2))) {
  await buildApp(app);
  if (app === 'inspector') await buildInspectorAssets();
}
