/*
 * `engram hook` (bin/engram dispatches here): one agent hook payload on stdin → conversation events.
 * This file only turns on V8's on-disk compile cache (cold processes parse the bundle once per
 * version, not per call) and then loads the hook; see ADR-0012 for the time budget.
 */
import module from 'node:module';

try {
  module.enableCompileCache?.();
} catch {
  // no cache directory available: correct, only slower
}
try {
  await import('./hook-main.js');
} catch (error) {
  // A missing or broken bundle must not break the agent either (ADR-0012).
  process.stderr.write(`engram hook: ignored: cannot load the hook (${error instanceof Error ? error.message : String(error)})\n`);
  process.exit(0);
}
