#!/usr/bin/env node
// `npm run bench:inspector [-- --size N] [--requests N] [--pglite]`: server render time of the web
// inspector's pages (issue 20) over a store of N memories. Progress on stderr, markdown on stdout.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('inspector-main', 'inspector-dist');
