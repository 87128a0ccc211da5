#!/usr/bin/env node
// `npm run bench:quality [-- --background N | --skip-pglite]`: retrieval quality on the labelled
// evaluation set (issue 3). Progress goes to stderr; the results are printed as markdown on stdout
// and saved as JSON in .cache/bench/quality-<date>.json.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('quality-main', 'quality-dist');
