#!/usr/bin/env node
// `npm run bench:conversations [-- --backend pglite|postgres|both --conversations conv-26]`:
// retrieval quality on real multi-session conversations through the built MCP server (issue 16).
// Needs `npm run build` first and the dev set in ../shared/datasets (read at run time, never copied).
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('conversations-main', 'conversations-dist');
