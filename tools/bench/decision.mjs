#!/usr/bin/env node
// `npm run bench:decision [-- --events 5000 --workers 4 --thresholds 0.3,0.75 --backends postgres,pglite]`: the
// decision engine benchmark (issue 6, seed 003 5.3). Progress goes to stderr; results as markdown on stdout.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('decision-main', 'decision-dist');
