// The project-level import graph of apps/*/src and libs/*/src (tests left out), as dependency-cruiser
// resolves it, drawn as a Mermaid flowchart for docs/architecture.md. The doc keeps the diagram
// between two markers; `--write` replaces it there, `--check` fails when the doc and the code differ
// (tools/boundaries/import-graph.spec.ts), no flag prints it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const doc = join(root, 'docs/architecture.md');
const START = '<!-- import-graph:start (tools/boundaries/import-graph.mjs --write) -->';
const END = '<!-- import-graph:end -->';

/** Layers top to bottom, as in .dependency-cruiser.js; a project not listed here fails the check. */
const LAYERS = [
  ['apps', ['apps/mcp-server', 'apps/a2a-server', 'apps/admin-cli', 'apps/inspector', 'apps/hook']],
  ['top lib', ['libs/runtime']],
  ['use cases', ['libs/agents']],
  ['domain libs', ['libs/librarian', 'libs/retrieval', 'libs/conversation', 'libs/lifecycle']],
  ['base', ['libs/memory', 'libs/infra']],
];

const projectOf = (file) => /^((?:libs|apps)\/[^/]+)\/src\//.exec(file)?.[1];
const nodeId = (project) => project.replace(/[^a-z0-9]/g, '_');

/** `from -> to` → true when at least one import is needed at run time, false for type-only edges. */
export function importGraph() {
  const out = execFileSync(join(root, 'node_modules/.bin/depcruise'),
    ['apps', 'libs', '--config', '.dependency-cruiser.js', '--include-only', '^(libs|apps)/[^/]+/src/',
      '--exclude', '\\.(spec|int-spec|e2e-spec)\\.ts$', '--output-type', 'json'],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
  const edges = new Map();
  for (const m of JSON.parse(out).modules) {
    const from = projectOf(m.source);
    for (const d of from ? m.dependencies : []) {
      const to = projectOf(d.resolved);
      if (!to || to === from) continue;
      const runtime = !d.dependencyTypes.includes('type-only');
      edges.set(`${from} -> ${to}`, (edges.get(`${from} -> ${to}`) ?? false) || runtime);
    }
  }
  return edges;
}

export function mermaid(edges) {
  const known = new Set(LAYERS.flatMap(([, projects]) => projects));
  const unknown = [...edges.keys()].flatMap((e) => e.split(' -> ')).filter((p) => !known.has(p));
  if (unknown.length > 0) throw new Error(`import-graph: add ${[...new Set(unknown)].join(', ')} to LAYERS`);
  const lines = ['```mermaid', 'flowchart TB'];
  LAYERS.forEach(([label, projects], i) => {
    lines.push(`  subgraph L${i}["${label}"]`, '    direction LR');
    for (const p of projects) lines.push(`    ${nodeId(p)}["${p}"]`);
    lines.push('  end');
  });
  for (const [edge, runtime] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
    const [from, to] = edge.split(' -> ');
    lines.push(`  ${nodeId(from)} ${runtime ? '-->' : '-.->|types|'} ${nodeId(to)}`);
  }
  lines.push('```');
  return lines.join('\n');
}

function docWith(diagram) {
  const text = readFileSync(doc, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md has no ${START} … ${END} block`);
  return { text, updated: `${text.slice(0, start + START.length)}\n${diagram}\n${text.slice(end)}` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const diagram = mermaid(importGraph());
  if (process.argv.includes('--write')) {
    writeFileSync(doc, docWith(diagram).updated);
  } else if (process.argv.includes('--check')) {
    const { text, updated } = docWith(diagram);
    if (text !== updated) {
      console.error('docs/architecture.md: the import graph differs from the code; run node tools/boundaries/import-graph.mjs --write');
      process.exit(1);
    }
  } else {
    console.log(diagram);
  }
}
