#!/usr/bin/env node
// `npm run bench:prd [-- --runs 10 --calls 200]`: the work-continuity benchmark (issue 7, seed 004
// success criteria). Progress goes to stderr; the results are printed as markdown on stdout.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('prd-main', 'prd-dist');
