// The unit tier alone, as one jest project, for StrykerJS (issue 22, ADR-0028): the jest runner
// needs a single-project config, and mutants are judged by the fast, database-free unit tests.
// ENGRAM_MUTATION_TESTS (set by stryker.config.mjs from the area) narrows it to the area's specs.
import root from '../../jest.config.js';

const unit = root.projects.find((p) => p.displayName === 'unit');
const config = Object.fromEntries(Object.entries(unit).filter(([key]) => key !== 'displayName'));
const only = process.env.ENGRAM_MUTATION_TESTS?.split(',').filter(Boolean).map((glob) => `<rootDir>/${glob}`);

export default { ...config, ...(only?.length ? { testMatch: only } : {}), rootDir: '../..' };
