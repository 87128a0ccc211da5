import { testBackends } from '../../../tools/test/backends.js';
import { tocExample } from './readme-toc.example.js';

describe.each(testBackends)('README TOC example ($name)', (backend) => {
  it('runs as documented', async () => {
    const handle = await backend.open();
    try {
      const lines: string[] = [];
      await tocExample(handle.db, (l) => lines.push(l));
      expect(lines[0]).toMatch(/^year:2026: 2026: /);
      expect(lines.some((l) => /^- (user|assistant): .*deploy pipeline/.test(l))).toBe(true);
      expect(lines).toContain('evidence: e1, e2');
      expect(lines).toContainEqual(expect.stringMatching(/^found: e\d in segment:2026-11-23T09:00/));
      expect(lines.at(-1)).toBe('# Memory context: project:engram');
    } finally {
      await handle.close();
    }
  });
});
