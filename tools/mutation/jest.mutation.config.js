// One tier of jest.config.js as a single jest project, for StrykerJS (issue 22, ADR-0028): the jest
// runner needs a single-project config. ENGRAM_MUTATION_TIER (set by stryker.config.mjs from the
// area) picks it: `unit` (the default: fast, database-free) or `integration` (the *.int-spec.ts
// files, for database-bound code; its global setup migrates one template database per Stryker
// test runner instead of one per mutant, and drops only the clones after each call; see int-databases.ts).
// ENGRAM_MUTATION_TESTS (set by stryker.config.mjs from the area) narrows it to the area's specs.
// The environment and filter of covering-files.cjs run each mutant against only the spec files that
// hold a test covering it (absolute paths: Stryker loads the environment itself, without <rootDir>).
import { fileURLToPath } from 'node:url';
import root from '../../jest.config.js';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const tier = process.env.ENGRAM_MUTATION_TIER ?? 'unit';
const project = root.projects.find((p) => p.displayName === tier);
if (!project || !['unit', 'integration'].includes(tier)) throw new Error(`ENGRAM_MUTATION_TIER=${tier}: use unit or integration`);
const config = Object.fromEntries(Object.entries(project).filter(([key]) => key !== 'displayName' && key !== 'globalTeardown'));
const integration = tier === 'integration'
  ? { globalSetup: here('./int-global-setup.ts'), globalTeardown: here('./int-global-teardown.ts') }
  : {};
const globs = process.env.ENGRAM_MUTATION_TESTS?.split(',').filter(Boolean) ?? [];
const only = globs.filter((glob) => !glob.startsWith('!')).map((glob) => `<rootDir>/${glob}`);
// `!path` leaves one spec file out (a literal path, not a glob).
const left = globs.filter((glob) => glob.startsWith('!')).map((glob) => `<rootDir>/${glob.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

export default {
  ...config,
  ...integration,
  ...(only.length ? { testMatch: only } : {}),
  ...(left.length ? { testPathIgnorePatterns: ['/node_modules/', ...left] } : {}),
  testEnvironment: here('./covering-files.environment.cjs'),
  filter: here('./covering-files.cjs'),
  rootDir: '../..',
};
