#!/usr/bin/env node
/*
 * `npm run mutation:areas [area…]`: one StrykerJS run per area (tools/mutation/mutation-areas.mjs),
 * each judged by the area's own unit tests, with the measured duration (docs/quality.md).
 * Extra arguments after `--` go to every run, e.g. `-- --incremental`.
 */
import { spawnSync } from 'node:child_process';
import { MUTATION_AREAS } from './mutation-areas.mjs';

const dash = process.argv.indexOf('--');
const names = (dash < 0 ? process.argv.slice(2) : process.argv.slice(2, dash));
const extra = dash < 0 ? [] : process.argv.slice(dash + 1);
const areas = names.length ? names : Object.keys(MUTATION_AREAS);
for (const area of areas) {
  if (!MUTATION_AREAS[area]) throw new Error(`unknown area ${area}; known: ${Object.keys(MUTATION_AREAS).join(', ')}`);
}
for (const area of areas) {
  const started = Date.now();
  const r = spawnSync('npx', ['stryker', 'run', ...extra], { stdio: 'inherit', env: { ...process.env, ENGRAM_MUTATION_AREA: area } });
  console.log(`mutation area ${area}: exit ${r.status}, ${Math.round((Date.now() - started) / 1000)} s (report: reports/mutation/${area}.json)`);
}
