import '../test/resolve-ts-hook.cjs';
import { dropClones } from './int-databases.js';

/** After each jest call of the integration tier: drop the databases its specs cloned, keep the template. */
// eslint-disable-next-line no-restricted-syntax -- jest loads globalTeardown from the default export only
export default async function mutationGlobalTeardown(): Promise<void> {
  const runId = process.env['ENGRAM_TEST_RUN_ID'];
  if (runId) await dropClones(runId);
}
