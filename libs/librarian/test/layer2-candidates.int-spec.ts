import type { DatabaseHandle } from '@engram/infra';
import type { MemoryRecord } from '@engram/memory';
import { testBackends } from '../../../tools/test/backends.js';
import { findLayer2Candidates } from '../src/layer2-candidates.query.js';
import { audit, newRecord, write } from './writer-fixtures.js';

/*
 * Layer 2's candidate query (moved from memory's RecordReader into the librarian, ADR-0038): the
 * exact duplicate, the near-duplicate candidates and the opposite-polarity candidates in one call.
 */
describe.each(testBackends)('Layer 2 candidate query on $name', (backend) => {
  let handle: DatabaseHandle;
  const created: MemoryRecord[] = [];

  beforeAll(async () => {
    handle = await backend.open();
    for (let i = 0; i < 7; i++) {
      const input = newRecord({ type: i % 2 === 0 ? 'decision' : 'fact', content: `record number ${i} about caching`, scope: i < 5 ? 'project:a' : 'project:b' });
      created.push(await write(handle.db, (w) => w.create(input, audit())));
    }
  });
  afterAll(() => handle.close());

  it('reads the exact duplicate, the near-duplicate and the opposite-polarity candidates in one statement', async () => {
    const r = created[2] as MemoryRecord;
    const group = { scope: 'project:a', type: 'decision', contentHash: r.contentHash };
    const decisionsOfA = [created[0], created[2], created[4]].map((x) => x?.id).sort();
    const both = await findLayer2Candidates(handle.db, { ...group, text: 'caching number 2', opposite: { negated: false } });
    expect(both.exact?.id).toBe(r.id);
    expect(both.candidates[0]?.record.id).toBe(r.id);
    expect(both.candidates.map((c) => c.record.id).sort()).toEqual(decisionsOfA);
    // Conflicts of a negated text: every record sharing a word; of a plain one: only negated records (none here).
    const negated = await findLayer2Candidates(handle.db, { ...group, text: 'never caching', nearTerms: ['zebra'], opposite: { negated: true, terms: ['caching'] } });
    expect(negated.candidates.map((c) => c.record.id).sort()).toEqual(decisionsOfA);
    const plain = await findLayer2Candidates(handle.db, { ...group, text: 'always caching', nearTerms: ['zebra'], opposite: { negated: false, terms: ['caching'] } });
    expect(plain.candidates).toEqual([]);
    const elsewhere = await findLayer2Candidates(handle.db, { ...group, scope: 'project:b', text: 'caching number 2', opposite: { negated: false } });
    expect(elsewhere.exact).toBeUndefined();
    const noWords = await findLayer2Candidates(handle.db, { ...group, text: '…', opposite: { negated: false } });
    expect({ exact: noWords.exact?.id, candidates: noWords.candidates }).toEqual({ exact: r.id, candidates: [] });
  });
});
