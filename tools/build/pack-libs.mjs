#!/usr/bin/env node
// Packs every lib as an installable npm package: node tools/build/pack-libs.mjs [--out DIR]
// One TypeScript program compiles all libs at once (JavaScript + declarations; much faster than
// one tsc run per lib in dependency order), each lib is staged as <package.json, README.md, dist/>
// and `npm pack`ed into DIR (default .cache/packages). Imports between libs stay `@engram/<lib>`,
// resolved by the consumer's node_modules: each lib's package.json declares them.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outArg = process.argv.indexOf('--out');
const outDir = resolve(outArg > 0 ? process.argv[outArg + 1] : join(root, '.cache/packages'));
const libs = readdirSync(join(root, 'libs')).filter((l) => existsSync(join(root, 'libs', l, 'package.json'))).sort();

const work = mkdtempSync(join(tmpdir(), 'engram-pack-'));
try {
  const tsconfig = join(root, '.cache', `pack-libs-${process.pid}.tsconfig.json`);
  mkdirSync(dirname(tsconfig), { recursive: true });
  writeFileSync(tsconfig, JSON.stringify({
    extends: '../tsconfig.base.json',
    compilerOptions: { baseUrl: '..', rootDir: '../libs', outDir: join(work, 'out'), noEmit: false, declaration: true, sourceMap: false, types: ['node'] },
    include: libs.map((l) => `../libs/${l}/src/**/*.ts`),
    exclude: ['../libs/*/src/**/*.spec.ts'],
  }));
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', tsconfig], { stdio: 'inherit' });
  rmSync(tsconfig, { force: true });
  if (tsc.status !== 0) throw new Error('tsc failed');
  mkdirSync(outDir, { recursive: true });
  for (const lib of libs) {
    const stage = join(work, 'stage', lib);
    mkdirSync(stage, { recursive: true });
    cpSync(join(root, 'libs', lib, 'package.json'), join(stage, 'package.json'));
    if (existsSync(join(root, 'libs', lib, 'README.md'))) cpSync(join(root, 'libs', lib, 'README.md'), join(stage, 'README.md'));
    cpSync(join(work, 'out', lib, 'src'), join(stage, 'dist'), { recursive: true });
    const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', outDir], { cwd: stage, encoding: 'utf8' }).trim().split('\n').at(-1);
    process.stdout.write(`${join(outDir, file)}\n`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
