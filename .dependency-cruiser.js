/*
 * Module boundaries of engram (SPEC 1, seed 001 layering, CONVENTIONS C4). Every rule here can
 * fail: tools/boundaries/self-test.mjs runs this config on fixtures with known violations.
 */
const LIB = '^libs/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'infra-depends-on-no-domain',
      comment: 'infra is the bottom layer: it must not know any domain lib.',
      severity: 'error',
      from: { path: '^libs/infra/' },
      to: { path: '^libs/(memory|retrieval|librarian|conversation|lifecycle|agents|runtime)/' },
    },
    {
      name: 'domain-uses-only-infra-and-lower-domain',
      comment: 'memory is the base domain lib: it may use infra only.',
      severity: 'error',
      from: { path: '^libs/memory/' },
      to: { path: '^libs/(retrieval|librarian|conversation|lifecycle|agents)/' },
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
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.cache)/' },
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
