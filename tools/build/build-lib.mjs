#!/usr/bin/env node
// Builds one lib with tsc (libs/<lib>/tsconfig.lib.json) into libs/<lib>/dist, so other projects
// can import it as a package. Usage: node tools/build/build-lib.mjs <lib>
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const lib = process.argv[2];
if (!lib) {
  process.stderr.write('usage: node tools/build/build-lib.mjs <lib>\n');
  process.exit(2);
}
const project = join(root, 'libs', lib, 'tsconfig.lib.json');
if (!existsSync(project)) {
  process.stderr.write(`build-lib: ${project} not found\n`);
  process.exit(2);
}
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
process.exit(result.status ?? 1);
