import '../test/resolve-ts-hook.cjs';
import globalSetup from '../test/global-setup.js';
import { dropOrphanTemplates, leaseTemplate } from './int-databases.js';

/*
 * The integration tier's jest globalSetup under StrykerJS (ADR-0028 amendment 2). Stryker's jest
 * runner calls jest once per mutant in one long-lived process, and jest runs globalSetup and
 * globalTeardown on every call: the usual setup would migrate a fresh template per mutant. This
 * one migrates a template on the first call of each test-runner process and leases it
 * (int-databases.ts); int-global-teardown.ts drops only the clones after each call.
 */
const RUN = Symbol.for('engram.mutation.templateRun');

// eslint-disable-next-line no-restricted-syntax -- jest loads globalSetup from the default export only
export default async function mutationGlobalSetup(): Promise<void> {
  const state = globalThis as { [RUN]?: string };
  if (state[RUN]) {
    process.env['ENGRAM_TEST_RUN_ID'] = state[RUN];
    return;
  }
  await dropOrphanTemplates(); // left by runners Stryker killed (timeouts, an earlier run)
  await globalSetup();
  const runId = process.env['ENGRAM_TEST_RUN_ID'] as string;
  await leaseTemplate(runId);
  state[RUN] = runId;
}
