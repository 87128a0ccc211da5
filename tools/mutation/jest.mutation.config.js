// The unit tier alone, as one jest project, for StrykerJS (issue 22, ADR-0028): the jest runner
// needs a single-project config, and mutants are judged by the fast, database-free unit tests.
import root from '../../jest.config.js';

const unit = root.projects.find((p) => p.displayName === 'unit');
const config = Object.fromEntries(Object.entries(unit).filter(([key]) => key !== 'displayName'));

export default { ...config, rootDir: '../..' };
