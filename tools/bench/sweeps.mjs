#!/usr/bin/env node
// `npm run bench:sweeps [-- --size N] [--queries N] [--aged F] [--pause-ms MS] [--batch N]`: lifecycle sweep
// time at N memories and search latency while sweeps run (issue 6). Progress goes to stderr; the
// results are printed as markdown on stdout.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('sweeps-main', 'sweeps-dist');
