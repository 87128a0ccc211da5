#!/usr/bin/env node
// `npm run bench:conversations:toc [-- --only conv-26] [--k 5] [--no-reach]`: the LoCoMo dev split
// replayed through the built MCP server (issue 21). Needs `node tools/build/build.mjs mcp-server`
// first. Progress goes to stderr; the results are printed as markdown on stdout.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('conversations-toc-main', 'conversations-toc-dist');
