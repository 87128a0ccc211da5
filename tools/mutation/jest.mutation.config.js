// The unit tier alone, as one jest project, for StrykerJS (issue 22, ADR-0028): the jest runner
// needs a single-project config, and mutants are judged by the fast, database-free unit tests.
// ENGRAM_MUTATION_TESTS (set by stryker.config.mjs from the area) narrows it to the area's specs.
// The environment and filter of covering-files.cjs run each mutant against only the spec files that
// hold a test covering it (absolute paths: Stryker loads the environment itself, without <rootDir>).
import { fileURLToPath } from 'node:url';
import root from '../../jest.config.js';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const unit = root.projects.find((p) => p.displayName === 'unit');
const config = Object.fromEntries(Object.entries(unit).filter(([key]) => key !== 'displayName'));
const globs = process.env.ENGRAM_MUTATION_TESTS?.split(',').filter(Boolean) ?? [];
const only = globs.filter((glob) => !glob.startsWith('!')).map((glob) => `<rootDir>/${glob}`);
// `!path` leaves one spec file out (a literal path, not a glob).
const left = globs.filter((glob) => glob.startsWith('!')).map((glob) => `<rootDir>/${glob.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

export default {
  ...config,
  ...(only.length ? { testMatch: only } : {}),
  ...(left.length ? { testPathIgnorePatterns: ['/node_modules/', ...left] } : {}),
  testEnvironment: here('./covering-files.environment.cjs'),
  filter: here('./covering-files.cjs'),
  rootDir: '../..',
};
