// Prints the one closing line CI reads: "Tests: N passed, N failed[, N skipped]".
import { readFileSync } from 'node:fs';

const file = process.argv[2];
try {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  const extra = skipped > 0 ? `, ${skipped} skipped` : '';
  console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests + r.numRuntimeErrorTestSuites} failed${extra}`);
} catch (error) {
  console.log(`Tests: 0 passed, 1 failed (no jest results: ${error.message})`);
}
