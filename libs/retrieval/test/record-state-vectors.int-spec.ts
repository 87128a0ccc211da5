import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { loadRecordStates } from '../src/pipeline/record-state.query.js';
import { testBackends } from '../../../tools/test/backends.js';
import { seedRecord } from './fixtures.js';

/*
 * The validation read takes each record's vector in pgvector's binary form (vector_send), not as
 * text: the floats near-duplicate collapse compares must be the stored ones, on either engine.
 */
describe.each(testBackends)('record states carry the stored vectors ($name)', (backend) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('reads every element of a stored vector exactly, and null for a record without one', async () => {
    // Values that text would print in many digits, negatives, zero, tiny and large magnitudes.
    const stored = Array.from({ length: 384 }, (_, i) => (i % 7 === 0 ? 0 : Math.fround(Math.sin(i * 1.7) * 10 ** ((i % 9) - 4))));
    const withVector = await seedRecord(handle.db, { content: 'The deploy runbook lives in the ops wiki.' });
    const without = await seedRecord(handle.db, { content: 'The release train leaves on Thursdays.' });
    await sql`UPDATE memories SET embedding = ${`[${stored.join(',')}]`}::vector WHERE id = ${withVector}`.execute(handle.db);

    const { states } = await loadRecordStates(handle.db, [withVector, without]);
    expect(states.get(withVector)?.embedding).toEqual(stored);
    expect(states.get(without)?.embedding).toBeNull();
  });
});
