#!/usr/bin/env node
// `node tools/bench/summaries-offline.mjs [DATASET.json] [DUMP-PREFIX]`: the extractive TOC of each
// LoCoMo dev conversation built in memory (no database, no model, ~2 s) and the memory-context it
// renders at 8,000 tokens, scored like bench:conversations:toc's "memory-context holds answer"
// (with and without the keyword lines). MISSES=1 prints each missed question with its evidence.
// For tuning the summariser; the figure to report comes from conversations-toc.mjs (the real server).
import { bundleAndRun } from './bundle-and-run.mjs';

await bundleAndRun('summaries-offline-main', 'summaries-offline');
