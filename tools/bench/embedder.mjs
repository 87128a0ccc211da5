#!/usr/bin/env node
// `npm run bench:embedder [-- --model bge-small-en-v1.5 --conversations conv-26]`: what an embedding
// model costs on this machine (passages/s, query-embedding p50/p95) on the dev set's real turns
// (issue 16). Needs the model directory (tools/setup/fetch-model.sh) and ../shared/datasets.
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('embedder-main', 'embedder-dist');
