import { DEFAULT_POLICY, loadPolicy } from '@engram/librarian';
import { defaultPolicyYaml } from './default-policy.js';

describe('defaultPolicyYaml', () => {
  it('round-trips through the librarian policy loader to the default policy', async () => {
    expect(await loadPolicy({ yaml: defaultPolicyYaml() })).toEqual(DEFAULT_POLICY);
  });
});
