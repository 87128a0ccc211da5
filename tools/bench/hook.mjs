#!/usr/bin/env node
// `npm run bench:hook [-- --calls 200 --events 10000 --backends postgres,pglite]`: the agent-hook
// benchmark (issue 5, ADR-0012): cold-process `engram hook` wall time and event-log ingest
// throughput. Builds the hook bundle first (it measures what users run). Markdown on stdout.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleAndRun } from './bundle-and-run.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const built = spawnSync(process.execPath, [join(root, 'tools/build/build.mjs'), 'hook'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
await bundleAndRun('hook-main', 'hook-dist');
