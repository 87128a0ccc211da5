#!/usr/bin/env node
// `npm run bench:write [-- --size N] [--concurrency N] [--pglite]`: the gate's write path alone
// (issue 2). Progress goes to stderr; the results are printed as markdown on stdout.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('write-main', 'write-dist');
