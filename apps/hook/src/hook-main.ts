import { createHookEnvironment } from './composition-root.js';
import { runHook } from './run-hook.js';

// Exits 0 whatever happens (run-hook.ts); process.exit ends a connection still in flight after a timeout.
try {
  process.exit(await runHook(process.argv.slice(2), await createHookEnvironment(process.env)));
} catch (error) {
  process.stderr.write(`engram hook: ignored: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(0);
}
