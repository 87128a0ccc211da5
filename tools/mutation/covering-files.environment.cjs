// The jest test environment of the mutation config: jest-environment-node, plus the record of which
// spec file covers which mutant (see covering-files.cjs).
module.exports = require('./covering-files.cjs').CoveringFilesEnvironment;
