/*
 * Module boundaries of engram (SPEC 1, seed 001 layering, CONVENTIONS C4). Every rule here can
 * fail: tools/boundaries/self-test.mjs runs this config on fixtures with known violations.
 * dependency-cruiser's `recommended-strict` is the base (issue 19); rules below with the same name
 * replace its version.
 */

/**
 * The layering apps → runtime → agents → {retrieval, conversation, lifecycle, librarian} →
 * {memory, infra}: each domain lib and the libs it may import. Nothing runs back up, siblings do not
 * import each other, and agents gets infrastructure handed in (ADR-0002), so it does not import infra.
 */
const MAY_IMPORT = {
  memory: ['infra'],
  librarian: ['memory', 'infra'],
  retrieval: ['memory', 'infra'],
  conversation: ['memory', 'infra'],
  lifecycle: ['memory', 'infra'],
  agents: ['librarian', 'retrieval', 'conversation', 'lifecycle', 'memory'],
};
const ALL_LIBS = ['infra', 'memory', 'librarian', 'retrieval', 'conversation', 'lifecycle', 'agents', 'runtime'];

/**
 * Frameworks and protocol SDKs (ADR-0034): the libs are plain TypeScript over a database handle, so
 * the same code runs under the NestJS servers, the CLI, the hook and as published packages. Servers,
 * transports, CLI and UI toolkits belong to apps. Matched as the resolved path inside node_modules.
 */
const FRAMEWORK_PACKAGES = [
  '@nestjs/[^/]+', 'fastify', '@fastify/[^/]+', 'express', 'reflect-metadata', 'rxjs', // servers, DI
  '@modelcontextprotocol/[^/]+', '@a2a-js/[^/]+', // protocol SDKs
  'commander', 'cli-progress', // CLI
  'chart\\.js', 'cytoscape', // inspector UI
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  extends: 'dependency-cruiser/configs/recommended-strict',
  forbidden: [
    {
      name: 'infra-depends-on-no-domain',
      comment: 'infra is the bottom layer: it must not know any domain lib.',
      severity: 'error',
      from: { path: '^libs/infra/' },
      to: { path: '^libs/(memory|retrieval|librarian|conversation|lifecycle|agents|runtime)/' },
    },
    ...Object.entries(MAY_IMPORT).map(([lib, allowed]) => ({
      name: `domain-uses-only-infra-and-lower-domain/${lib}`,
      comment: `${lib} may import only ${allowed.join(', ')} (layering apps → runtime → agents → ` +
        '{retrieval, conversation, lifecycle, librarian} → {memory, infra}).',
      severity: 'error',
      from: { path: `^libs/${lib}/` },
      to: { path: `^libs/(${ALL_LIBS.filter((l) => l !== lib && !allowed.includes(l)).join('|')})/` },
    })),
    {
      name: 'no-framework-in-libs',
      comment: 'ADR-0034: libs are framework-free; NestJS, Fastify, Express, the MCP and A2A SDKs and CLI/UI ' +
        'toolkits are for apps only.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: `(^|/)node_modules/(${FRAMEWORK_PACKAGES.join('|')})/` },
    },
    {
      name: 'domain-libs-are-siblings',
      comment:
        'librarian, retrieval, conversation and lifecycle may use memory and infra, not each other and not agents ' +
        '(agents composes them).',
      severity: 'error',
      from: { path: '^libs/(librarian|retrieval|conversation|lifecycle)/' },
      to: { path: '^libs/(agents)/|^libs/(retrieval|librarian|conversation|lifecycle)/', pathNot: '^libs/$1/' },
    },
    {
      name: 'agents-do-not-use-infra',
      comment: 'agents compose the domain libs; infrastructure is handed in by the app composition root.',
      severity: 'error',
      from: { path: '^libs/agents/' },
      to: { path: '^libs/infra/' },
    },
    {
      name: 'only-composition-root-imports-infra',
      comment: 'ADR-0002: exactly one file per app builds infrastructure.',
      severity: 'error',
      from: { path: '^apps/[^/]+/src/', pathNot: '^apps/[^/]+/src/composition-root\\.ts$' },
      to: { path: '^libs/infra/' },
    },
    {
      name: 'only-composition-root-builds-the-runtime',
      comment: 'ADR-0007: an app gets the composed runtime from its composition root; other app files may import its types only.',
      severity: 'error',
      from: { path: '^apps/[^/]+/src/', pathNot: '^apps/[^/]+/src/composition-root\\.ts$' },
      to: { path: '^libs/runtime/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'runtime-is-the-top-lib',
      comment: 'ADR-0007: runtime composes every other lib; no lib may depend on it (only apps do).',
      severity: 'error',
      from: { path: '^libs/', pathNot: '^libs/runtime/' },
      to: { path: '^libs/runtime/' },
    },
    {
      name: 'writer-only-through-the-gate',
      comment:
        'ADR-0004, C5: the record writer (libs/librarian/src/commit/) is the gate commit path. Only librarian ' +
        'code may import it, and not the librarian public entry, so no one else can ever obtain a writer.',
      severity: 'error',
      from: { pathNot: '^libs/librarian/(?!src/index\\.ts$)' },
      to: { path: '^libs/librarian/src/commit/' },
    },
    {
      name: 'lib-public-entry-only',
      comment: 'Each lib exposes one public entry (src/index.ts); no deep imports across libs or from apps.',
      severity: 'error',
      from: { path: '^(apps|libs)/([^/]+)/' },
      to: { path: '^libs/([^/]+)/src/', pathNot: ['^libs/$2/', '^libs/[^/]+/src/index\\.ts$'] },
    },
    {
      name: 'apps-do-not-import-apps',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/([^/]+)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-test',
      comment: 'Production code never imports test code.',
      severity: 'error',
      from: { path: '^(libs|apps)/[^/]+/src/', pathNot: '\\.(spec|int-spec|e2e-spec)\\.ts$' },
      to: { path: '(^(libs|apps)/[^/]+/test/|\\.(spec|int-spec|e2e-spec)\\.ts$|^tools/test/)' },
    },
    {
      name: 'not-to-dev-dep',
      comment: 'Production code may not depend on devDependencies (type-only imports excepted).',
      severity: 'error',
      from: { path: '^(libs|apps)/[^/]+/src/', pathNot: '\\.(spec|int-spec|e2e-spec)\\.ts$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules is not excluded (only not followed): the package rules (no-framework-in-libs,
    // not-to-dev-dep, no-non-package-json) need to see the imports of npm packages.
    exclude: { path: '(^|/)(dist|\\.cache)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['types', 'typings', 'module', 'main'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
