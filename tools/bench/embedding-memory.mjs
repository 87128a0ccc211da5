#!/usr/bin/env node
// RSS of one onnxruntime session of the model after session runs of a given shape (issue 18): how
// much memory one embedding batch leaves resident, with or without the CPU arena and memory patterns.
//   node tools/bench/embedding-memory.mjs <arena|noarena> <rows> <tokens> [runs] [modelDir]
//   node tools/bench/embedding-memory.mjs arena 8 256 8      # engram's session options, largest run
//   MEMPAT=off ...                                           # the same without memory patterns
// Prints VmRSS / VmHWM after each run and the milliseconds per row.
import ort from 'onnxruntime-node';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [mode = 'arena', rowsArg = '32', tokensArg = '256', runsArg = '2', modelDir = join(process.cwd(), '.cache/models/all-MiniLM-L6-v2')] = process.argv.slice(2);
const rss = () => {
  const s = readFileSync('/proc/self/status', 'utf8');
  const mib = (k) => Math.round(Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)[1]) / 1024);
  return `RSS ${mib('VmRSS')} MiB, peak ${mib('VmHWM')} MiB`;
};
const arena = mode !== 'noarena';
const rows = Number(rowsArg), tokens = Number(tokensArg), runs = Number(runsArg);
console.log('start', rss());
const session = await ort.InferenceSession.create(join(modelDir, 'model.onnx'), {
  intraOpNumThreads: 2, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all',
  enableCpuMemArena: arena, enableMemPattern: process.env.MEMPAT !== 'off',
});
console.log('session loaded', rss());
const n = rows * tokens;
const tensor = (value) => new ort.Tensor('int64', BigInt64Array.from({ length: n }, (_, i) => BigInt(value(i))), [rows, tokens]);
const t0 = Date.now();
for (let k = 0; k < runs; k += 1) {
  const feeds = { input_ids: tensor((i) => 1000 + (i % 500)), attention_mask: tensor(() => 1), token_type_ids: tensor(() => 0) };
  const result = await session.run(Object.fromEntries(session.inputNames.map((name) => [name, feeds[name]])));
  for (const t of Object.values(result)) t.dispose?.();
  console.log(`run ${k + 1}: arena ${arena}, memory patterns ${process.env.MEMPAT !== 'off'}, ${rows} x ${tokens} tokens`, rss());
}
console.log(`ms per row ${((Date.now() - t0) / (rows * runs)).toFixed(1)}`);
process.exit(0);
