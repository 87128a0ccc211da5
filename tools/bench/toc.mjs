#!/usr/bin/env node
// `npm run bench:toc [-- --events N] [--nav-events N] [--queries N] [--pglite]`: conversation TOC
// build throughput, crash + resume of a month rebuild, navigation latency (issue 5). Progress goes
// to stderr; the results are printed as markdown on stdout.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('toc-main', 'toc-dist');
