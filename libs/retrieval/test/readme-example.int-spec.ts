import type { DatabaseHandle } from '@engram/infra';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord } from './fixtures.js';
import { useTestEmbedder } from './model.js';
import { recallExample } from './readme.example.js';

const embedder = useTestEmbedder();

describe.each(testBackends)('README example ($name)', (backend) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await backend.open();
  });
  afterEach(async () => {
    await handle.close();
  });

  it('recalls the matching decision in the allowed scopes and records the access', async () => {
    const id = await seedRecord(handle.db, {
      content: 'We ship builds to staging with the nightly deploy pipeline.', type: 'decision', scope: 'project:engram',
    });
    await seedRecord(handle.db, { content: 'We ship builds to staging by hand.', type: 'decision', scope: 'project:other' });
    await seedRecord(handle.db, { content: 'Team lunch is on Fridays.', type: 'fact' });
    const lines: string[] = [];
    const response = await recallExample(handle, embedder, (line) => lines.push(line));
    expect(response.mode).toBe('hybrid');
    expect(response.results[0]?.record.id).toBe(id);
    expect(response.results.every((r) => r.record.scope !== 'project:other')).toBe(true);
    expect(lines[0]).toContain('nightly deploy pipeline');
    const again = await recallExample(handle, null, (line) => lines.push(line));
    expect(again.degraded).toMatch(/keyword results only/);
    expect(again.results[0]?.record.accessCount).toBe(1);
  });
});
