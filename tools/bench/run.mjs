#!/usr/bin/env node
// `npm run bench [-- --size 10000 | --quick]`: the memory-core benchmark (issue 2; docs/benchmarks.md).
// Progress goes to stderr; the results are printed as markdown on stdout and saved as JSON
// in .cache/bench/results-<date>.json.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('main', 'dist');
