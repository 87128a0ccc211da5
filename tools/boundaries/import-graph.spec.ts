import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../test/app-process.js';

/*
 * Issue 19: docs/architecture.md's diagram is the import graph of the code. A new edge between
 * projects (or one removed) fails here until `node tools/boundaries/import-graph.mjs --write` redraws it.
 */
describe('docs/architecture.md import graph', () => {
  it('matches what dependency-cruiser finds in apps/*/src and libs/*/src', () => {
    expect(() => execFileSync(process.execPath, [join(repoRoot, 'tools/boundaries/import-graph.mjs'), '--check'],
      { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).not.toThrow();
  });
});
