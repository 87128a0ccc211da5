import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, tempHome, testModelDir } from '../test/app-process.js';

/*
 * Issue 23: the libs are packages others can install. Packs every lib (tools/build/pack-libs.mjs),
 * installs the tarballs into a scratch project outside the workspace (no workspace node_modules
 * above it), type-checks and runs the infra and runtime READMEs' examples against PGlite.
 */
const LIBS = readdirSync(join(repoRoot, 'libs')).filter((l) => existsSync(join(repoRoot, 'libs', l, 'package.json'))).sort();

function exampleOf(readme: string): string {
  const m = /```ts\n([\s\S]*?)```/.exec(readFileSync(readme, 'utf8'));
  if (!m) throw new Error(`${readme} has no ts example`);
  return m[1]!;
}

describe('the libs as installable packages', () => {
  const scratch = tempHome();
  const project = join(scratch.dir, 'consumer');
  afterAll(() => scratch.remove());

  it('pack, install outside the workspace, type-check and run the README examples on PGlite', () => {
    const packed = execFileSync(process.execPath, [join(repoRoot, 'tools/build/pack-libs.mjs'), '--out', join(scratch.dir, 'packages')], { encoding: 'utf8' })
      .trim().split('\n');
    expect(packed).toHaveLength(LIBS.length);
    mkdirSync(project, { recursive: true });
    const deps = Object.fromEntries(LIBS.map((l) => [`@engram/${l}`, `file:${packed.find((f) => f.endsWith(`engram-${l}-0.1.0.tgz`))}`]));
    // kysely: the infra example queries the handle's Kysely instance itself, as a consumer would.
    const kysely = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies['kysely'];
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { ...deps, kysely } }));
    // The npm cache already holds every third-party package of the workspace's lock: no download.
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--silent'], { cwd: project, env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' } });
    for (const lib of LIBS) {
      const pkg = JSON.parse(readFileSync(join(project, 'node_modules/@engram', lib, 'package.json'), 'utf8'));
      expect(pkg.private).toBeUndefined();
      expect(existsSync(join(project, 'node_modules/@engram', lib, pkg.exports['.'].types))).toBe(true);
    }

    // The READMEs' TypeScript examples, as a consumer writes them: type-checked, then run by Node
    // (type stripping) against the embedded PGlite.
    const examples = { runtime: 'runtime-example.ts', infra: 'infra-example.ts' };
    for (const [lib, file] of Object.entries(examples)) writeFileSync(join(project, file), exampleOf(join(repoRoot, 'libs', lib, 'README.md')));
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2023', strict: true, noEmit: true, skipLibCheck: true,
        typeRoots: [join(repoRoot, 'node_modules/@types')], types: ['node'],
      },
      files: Object.values(examples),
    }));
    const tsc = spawnSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', project], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');

    const runExample = (file: string) => spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', file], {
      cwd: project, encoding: 'utf8', timeout: 120_000,
      env: { PATH: process.env['PATH'] ?? '', HOME: scratch.dir, ENGRAM_HOME: join(scratch.dir, 'engram-home'), ENGRAM_MODEL_DIR: testModelDir() ?? join(scratch.dir, 'no-model') },
    });
    const infra = runExample(examples.infra);
    expect(infra.stderr).toBe('');
    expect(infra.stdout.trim()).toBe('true 0');
    const run = runExample(examples.runtime);
    expect(run.status).toBe(0);
    const [recalled, status] = run.stdout.trim().split('\n');
    expect(recalled).toBe('We deploy on Tuesdays');
    expect(['ok', 'degraded']).toContain(status);
  });
});
