// Proves the boundary rules can fail: builds a throw-away workspace with one known violation per
// rule, runs dependency-cruiser with the real config and expects each rule to be reported.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const work = mkdtempSync(join(tmpdir(), 'engram-depcruise-'));

const files = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'NodeNext', moduleResolution: 'NodeNext', baseUrl: '.',
      paths: {
        '@engram/infra': ['libs/infra/src/index.ts'], '@engram/memory': ['libs/memory/src/index.ts'],
        '@engram/runtime': ['libs/runtime/src/index.ts'],
      },
    },
  }),
  'libs/memory/src/index.ts': "export const memory = 1;\n",
  // runtime-is-the-top-lib (retrieval may not use it) ...
  'libs/runtime/src/index.ts': "export const runtime = 1;\nexport interface Probe { ok: boolean }\n",
  'libs/retrieval/src/ranking.ts': "import { runtime } from '@engram/runtime';\nexport const r = runtime;\n",
  // ... and only-composition-root-builds-the-runtime (a controller may import its types only)
  'apps/demo/src/health.controller.ts': "import { runtime } from '@engram/runtime';\nexport const h = runtime;\n",
  'apps/demo/src/health.types.ts': "import type { Probe } from '@engram/runtime';\nexport type P = Probe;\n",
  'libs/retrieval/src/index.ts': "export const retrieval = 1;\n",
  // infra-depends-on-no-domain
  'libs/infra/src/index.ts': "import { memory } from '@engram/memory';\nexport const infra = memory;\n",
  // The gate's commit path. Librarian code may use it (not reported) ...
  'libs/librarian/src/commit/record.writer.ts': "export const writer = 1;\n",
  'libs/librarian/src/gate.service.ts': "import { writer } from './commit/record.writer.js';\nexport const gate = writer;\n",
  'libs/librarian/test/writer.int-spec.ts': "import { writer } from '../src/commit/record.writer.js';\nexport const t = writer;\n",
  // ... but the public entry may not re-export it (writer-only-through-the-gate), and
  // domain-libs-are-siblings
  'libs/librarian/src/index.ts':
    "import { retrieval } from '../../retrieval/src/index.js';\nexport { writer } from './commit/record.writer.js';\nexport const l = retrieval;\n",
  // memory may not reach up for it either (writer-only-through-the-gate + domain-uses-only-infra-and-lower-domain)
  'libs/memory/src/seed.ts': "import { writer } from '../../librarian/src/commit/record.writer.js';\nexport const s = writer;\n",
  // agents-do-not-use-infra + writer-only-through-the-gate
  'libs/agents/src/index.ts':
    "import { infra } from '@engram/infra';\nimport { writer } from '../../librarian/src/commit/record.writer.js';\nexport const a = [infra, writer];\n",
  // only-composition-root-imports-infra + lib-public-entry-only + writer-only-through-the-gate
  'apps/demo/src/main.ts':
    "import { infra } from '@engram/infra';\nimport { writer } from '../../../libs/librarian/src/commit/record.writer.js';\nexport const m = [infra, writer];\n",
  'apps/demo/src/composition-root.ts': "import { infra } from '@engram/infra';\nimport { runtime } from '@engram/runtime';\nexport const c = [infra, runtime];\n",
  // no-framework-in-libs: a lib may not import a framework (an app may), nor a protocol SDK.
  'package.json': JSON.stringify({ name: 'fixture', dependencies: { '@nestjs/common': '1.0.0', '@modelcontextprotocol/sdk': '1.0.0' } }),
  'node_modules/@nestjs/common/package.json': JSON.stringify({ name: '@nestjs/common', version: '1.0.0', main: 'index.js' }),
  'node_modules/@nestjs/common/index.js': "export const Injectable = () => () => undefined;\n",
  'node_modules/@modelcontextprotocol/sdk/package.json': JSON.stringify({ name: '@modelcontextprotocol/sdk', version: '1.0.0', main: 'index.js' }),
  'node_modules/@modelcontextprotocol/sdk/index.js': "export const McpServer = class {};\n",
  'libs/conversation/src/toc.controller.ts': "import { Injectable } from '@nestjs/common';\nexport const t = Injectable;\n",
  'libs/retrieval/src/mcp-tool.ts': "import { McpServer } from '@modelcontextprotocol/sdk';\nexport const m = McpServer;\n",
  'apps/demo/src/demo.module.ts': "import { Injectable } from '@nestjs/common';\nimport { McpServer } from '@modelcontextprotocol/sdk';\nexport const d = [Injectable, McpServer];\n",
  // domain-uses-only-infra-and-lower-domain for the other domain libs: lifecycle reaches up to agents,
  // conversation sideways to lifecycle; agents using memory and lifecycle using memory are allowed.
  'libs/lifecycle/src/index.ts': "import { memory } from '@engram/memory';\nexport const lifecycle = memory;\n",
  'libs/lifecycle/src/engine.ts': "import { a } from '../../agents/src/index.js';\nexport const e = a;\n",
  'libs/conversation/src/formation.ts': "import { lifecycle } from '../../lifecycle/src/index.js';\nexport const f = lifecycle;\n",
  'libs/agents/src/remember.ts': "import { memory } from '@engram/memory';\nexport const r = memory;\n",
  // recommended-strict: an orphan, an npm package missing from package.json, an unresolvable import
  'libs/memory/src/unused.ts': "export const unused = 1;\n",
  'node_modules/left-pad/package.json': JSON.stringify({ name: 'left-pad', version: '1.0.0', main: 'index.js' }),
  'node_modules/left-pad/index.js': "export default (s) => s;\n",
  'libs/infra/src/pad.ts': "import pad from 'left-pad';\nimport { gone } from './gone.js';\nexport const p = [pad, gone];\n",
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(work, path)), { recursive: true });
  writeFileSync(join(work, path), text);
}

const expected = [
  'infra-depends-on-no-domain',
  'domain-uses-only-infra-and-lower-domain',
  'domain-libs-are-siblings',
  'agents-do-not-use-infra',
  'writer-only-through-the-gate',
  'only-composition-root-imports-infra',
  'lib-public-entry-only',
  'only-composition-root-builds-the-runtime',
  'runtime-is-the-top-lib',
  'no-framework-in-libs',
  'no-orphans',
  'no-non-package-json',
  'not-to-unresolvable',
];
let output = '';
let exitCode = 0;
try {
  output = execFileSync(join(root, 'node_modules/.bin/depcruise'),
    ['apps', 'libs', '--config', join(root, '.dependency-cruiser.js'), '--output-type', 'err'],
    { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
} catch (error) {
  exitCode = error.status ?? 1;
  output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
} finally {
  rmSync(work, { recursive: true, force: true });
}

const missing = expected.filter((rule) => !output.includes(rule));
if (exitCode === 0 || missing.length > 0) {
  console.error(`boundary self-test FAILED (exit ${exitCode}); rules not reported: ${missing.join(', ') || 'none'}`);
  console.error(output);
  process.exit(1);
}
// composition-root.ts is allowed to import infra: make sure it is not reported.
if (/composition-root\.ts.*only-composition-root|only-composition-root[^\n]*composition-root\.ts/.test(output)) {
  console.error('boundary self-test FAILED: composition-root.ts was reported but is allowed to import infra');
  process.exit(1);
}
if (/health\.types\.ts/.test(output)) {
  console.error('boundary self-test FAILED: a type-only import of the runtime was reported');
  process.exit(1);
}
// The writer rule must fire for every outside importer and the librarian's public entry, and for
// nothing else inside the librarian.
const writerRule = output.split('\n').filter((line) => line.includes('writer-only-through-the-gate'));
const writerImporters = ['libs/agents/src/index.ts', 'apps/demo/src/main.ts', 'libs/memory/src/seed.ts', 'libs/librarian/src/index.ts'];
const unreported = writerImporters.filter((from) => !writerRule.some((line) => line.includes(`${from} →`)));
const wronglyReported = ['libs/librarian/src/gate.service.ts', 'libs/librarian/test/writer.int-spec.ts']
  .filter((from) => writerRule.some((line) => line.includes(`${from} →`)));
if (unreported.length > 0 || wronglyReported.length > 0) {
  console.error(`boundary self-test FAILED: writer-only-through-the-gate missed [${unreported.join(', ')}], wrongly reported [${wronglyReported.join(', ')}]`);
  console.error(output);
  process.exit(1);
}
// The framework rule: both libs reported, the app not.
const linesOf = (rule) => output.split('\n').filter((line) => new RegExp(`\\b${rule}(/[a-z]+)?:`).test(line));
const frameworkRule = linesOf('no-framework-in-libs');
if (!['libs/conversation/src/toc.controller.ts', 'libs/retrieval/src/mcp-tool.ts'].every((from) => frameworkRule.some((line) => line.includes(`${from} →`)))
  || frameworkRule.some((line) => line.includes('apps/demo/'))) {
  console.error('boundary self-test FAILED: no-framework-in-libs must report both libs and not the app');
  console.error(frameworkRule.join('\n'));
  process.exit(1);
}
// The layering rule covers every domain lib, and only its upward or sideways imports.
const layerRule = linesOf('domain-uses-only-infra-and-lower-domain');
const layerViolators = ['libs/memory/src/seed.ts', 'libs/librarian/src/index.ts', 'libs/retrieval/src/ranking.ts',
  'libs/lifecycle/src/engine.ts', 'libs/conversation/src/formation.ts', 'libs/agents/src/index.ts'];
const layerMissed = layerViolators.filter((from) => !layerRule.some((line) => line.includes(`${from} →`)));
const layerWrong = ['libs/agents/src/remember.ts', 'libs/lifecycle/src/index.ts', 'libs/librarian/src/gate.service.ts', 'libs/infra/src/index.ts']
  .filter((from) => layerRule.some((line) => line.includes(`: ${from} →`)));
if (layerMissed.length > 0 || layerWrong.length > 0) {
  console.error(`boundary self-test FAILED: domain-uses-only-infra-and-lower-domain missed [${layerMissed.join(', ')}], wrongly reported [${layerWrong.join(', ')}]`);
  console.error(layerRule.join('\n'));
  process.exit(1);
}
console.log(`boundary self-test: ${expected.length} rules caught their known violations (writer rule: ${writerImporters.length} importers, ` +
  `layering: ${layerViolators.length} domain libs)`);
