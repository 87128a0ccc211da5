#!/usr/bin/env node
// `npm run bench:event-loop [-- --backend pglite|postgres|both --rounds N]`: how long one large
// memory.store holds the server (issue 17): the call's time and the latency of /health polled
// during it, through the built MCP server. Needs `npm run build` first.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('event-loop-main', 'event-loop-dist');
