#!/usr/bin/env node
// `npm run bench:retrieve [-- --size N] [--queries N] [--skip-pglite]`: validated retrieval latency
// (issue 3). Progress goes to stderr; the results are printed as markdown on stdout.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('retrieve-main', 'retrieve-dist');
