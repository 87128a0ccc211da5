import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../test/app-process.js';

/*
 * Issue 23: Nx's project graph is the code's real dependency graph. Nx reads it from each
 * project's package.json (dependencies; devDependencies for test-only imports), so this test
 * compares it with what dependency-cruiser finds in the source, checks that the tags follow the
 * layering of .dependency-cruiser.js, that `nx affected` reaches every dependent of a change, and
 * that each lib declares the npm packages its code imports (so its package installs on its own).
 */
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);
const projectOf = (file: string) => /^(?:libs|apps)\/([^/]+)\/(?:src|test)\//.exec(file)?.[1];

/** Project → projects it imports, as dependency-cruiser resolves the source (src and tests). */
function cruisedEdges(): Set<string> {
  const out = execFileSync(bin('depcruise'), ['apps', 'libs', '--config', '.dependency-cruiser.js', '--output-type', 'json'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 256 << 20 });
  const edges = new Set<string>();
  for (const m of JSON.parse(out).modules as { source: string; dependencies: { resolved: string }[] }[]) {
    const from = projectOf(m.source);
    for (const d of from ? m.dependencies : []) {
      const to = projectOf(d.resolved);
      if (to && to !== from) edges.add(`${from} -> ${to}`);
    }
  }
  return edges;
}

interface NxGraph { nodes: Record<string, { data: { tags?: string[] } }>; dependencies: Record<string, { target: string }[]> }

function nxGraph(): NxGraph {
  const dir = mkdtempSync(join(tmpdir(), 'engram-nx-'));
  try {
    execFileSync(bin('nx'), ['graph', `--file=${join(dir, 'graph.json')}`], { cwd: repoRoot, env, stdio: 'ignore' });
    return JSON.parse(readFileSync(join(dir, 'graph.json'), 'utf8')).graph as NxGraph;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Which layers a project of each layer may depend on (the rules of .dependency-cruiser.js). */
const MAY_USE: Record<string, string[]> = {
  'layer:infra': [],
  'layer:memory': ['layer:infra'],
  'layer:domain': ['layer:memory', 'layer:infra'],
  'layer:agents': ['layer:domain', 'layer:memory'],
  'layer:runtime': ['layer:agents', 'layer:domain', 'layer:memory', 'layer:infra'],
  'type:app': ['layer:runtime', 'layer:agents', 'layer:domain', 'layer:memory', 'layer:infra'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(p) ? [p] : [];
  });
}

/** npm packages (and @engram libs) a lib's production code imports. */
function importedPackages(lib: string): string[] {
  const names = new Set<string>();
  for (const f of sourceFiles(join(repoRoot, 'libs', lib, 'src'))) {
    for (const m of readFileSync(f, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^'.][^']*)'|import\(\s*'([^'.][^']*)'\s*\)/gm)) {
      const spec = (m[1] ?? m[2])!;
      if (!spec.startsWith('node:')) names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return [...names].sort();
}

describe('the Nx workspace', () => {
  let graph: NxGraph;
  let cruised: Set<string>;
  beforeAll(() => {
    graph = nxGraph();
    cruised = cruisedEdges();
  });

  it('has exactly the project dependencies dependency-cruiser finds in the code', () => {
    const nx = Object.entries(graph.dependencies).flatMap(([from, deps]) => deps.filter((d) => !d.target.startsWith('npm:')).map((d) => `${from} -> ${d.target}`));
    expect(cruised.size).toBeGreaterThan(20);
    expect(new Set(nx)).toEqual(cruised);
  });

  it('tags every project with its layer, and every dependency follows the layering', () => {
    const layerOf = (p: string) => graph.nodes[p]!.data.tags?.find((t) => t in MAY_USE);
    const untagged = Object.keys(graph.nodes).filter((p) => !layerOf(p));
    expect(untagged).toEqual([]);
    const broken = [...cruised].filter((e) => {
      const [from, to] = e.split(' -> ') as [string, string];
      return !MAY_USE[layerOf(from)!]!.includes(layerOf(to)!);
    });
    expect(broken).toEqual([]);
  });

  it('`nx affected` after a change to libs/memory runs every project built on it', () => {
    const dependents = new Set(['memory']);
    for (let grew = true; grew;) {
      grew = false;
      for (const e of cruised) {
        const [from, to] = e.split(' -> ') as [string, string];
        if (dependents.has(to) && !dependents.has(from)) grew = dependents.add(from) !== undefined;
      }
    }
    const out = execFileSync(bin('nx'), ['show', 'projects', '--affected', '--files=libs/memory/src/index.ts', '--json'], { cwd: repoRoot, env, encoding: 'utf8' });
    expect(new Set(JSON.parse(out.slice(out.indexOf('['))) as string[])).toEqual(dependents);
  });

  it('declares in each lib\'s package.json every package its code imports', () => {
    const missing = readdirSync(join(repoRoot, 'libs')).flatMap((lib) => {
      const pkg = JSON.parse(readFileSync(join(repoRoot, 'libs', lib, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      return importedPackages(lib).filter((name) => !(name in (pkg.dependencies ?? {}))).map((name) => `${lib}: ${name}`);
    });
    expect(missing).toEqual([]);
  });
});
