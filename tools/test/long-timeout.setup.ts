import { jest } from '@jest/globals';

// `testTimeout` is a global jest option and is ignored inside `projects`; DB tiers need more
// than 5 s for hooks that boot PGlite or clone databases.
jest.setTimeout(120_000);
