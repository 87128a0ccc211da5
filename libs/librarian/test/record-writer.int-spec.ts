import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { testBackends } from '../../../tools/test/backends.js';
import {
  FORGOTTEN_CONTENT, ImmutableRecordError, InvalidRecordError, InvalidStateError, NotInTransactionError, RecordNotFoundError, RecordReader, SupersedeCycleError,
  VersionConflictError,
} from '@engram/memory';
import { createRecordWriter } from '../src/commit/record.writer.js';
import { audit, newRecord, registry, write } from './writer-fixtures.js';

describe.each(testBackends)('RecordWriter on $name', (backend) => {
  let handle: DatabaseHandle;
  let reader: RecordReader;

  beforeAll(async () => {
    handle = await backend.open();
    reader = new RecordReader(handle.db);
  });
  afterAll(() => handle.close());

  it('refuses to write outside a transaction', () => {
    expect(() => createRecordWriter({ db: handle.db, registry })).toThrow(NotInTransactionError);
  });

  it('creates, updates and keeps every version queryable by number', async () => {
    const created = await write(handle.db, (w) => w.create(newRecord({ content: 'Node 22', metadata: { nested: { a: [1, 2] } } }), audit()));
    const v2 = await write(handle.db, (w) => w.update(created.id, { content: 'Node 24' }, audit(), { expectedVersion: 1 }));
    expect(v2).toMatchObject({ version: 2, content: 'Node 24', status: 'active' });
    expect((await reader.get(created.id, { version: 1 })).content).toBe('Node 22');
    expect((await reader.get(created.id, { version: 1 })).metadata).toEqual({ nested: { a: [1, 2] } });
    expect((await reader.versions(created.id)).map((v) => [v.version, v.operation])).toEqual([[1, 'create'], [2, 'update']]);
    await expect(reader.get(created.id, { version: 3 })).rejects.toBeInstanceOf(RecordNotFoundError);
    const audits = await sql<{ n: string }>`SELECT count(*) AS n FROM gate_audit WHERE memory_id = ${created.id}::uuid`.execute(handle.db);
    expect(Number(audits.rows[0]?.n)).toBe(2);
  });

  it('answers "as of" reads with what was believed then', async () => {
    const created = await write(handle.db, (w) => w.create(newRecord({ content: 'belief one', type: 'belief' }), audit()));
    const [{ t }] = (await sql<{ t: Date }>`SELECT clock_timestamp() AS t`.execute(handle.db)).rows as [{ t: Date }];
    await write(handle.db, (w) => w.update(created.id, { content: 'belief two' }, audit()));
    expect((await reader.get(created.id, { asOf: t })).content).toBe('belief one');
    expect((await reader.get(created.id, { asOf: new Date(Date.now() + 60_000) })).content).toBe('belief two');
    await expect(reader.get(created.id, { asOf: new Date('2000-01-01') })).rejects.toBeInstanceOf(RecordNotFoundError);
  });

  it('resolves a supersession chain A → B → C to C and refuses cycles', async () => {
    const a = await write(handle.db, (w) => w.create(newRecord({ type: 'decision', content: 'use REST' }), audit()));
    const { replacement: b } = await write(handle.db, (w) => w.supersede(a.id, { record: newRecord({ type: 'decision', content: 'use gRPC' }) }, audit()));
    const { replacement: c } = await write(handle.db, (w) => w.supersede(b.id, { record: newRecord({ type: 'decision', content: 'use MCP' }) }, audit()));
    expect(await reader.supersessionChain(a.id)).toEqual([a.id, b.id, c.id]);
    expect(await reader.get(a.id)).toMatchObject({ status: 'superseded', supersededBy: b.id, version: 2 });
    expect((await reader.get(a.id)).validTo).not.toBeNull();
    // C may not be superseded by A (A's chain leads back to C), nor by itself.
    await expect(write(handle.db, (w) => w.supersede(c.id, { existingId: a.id }, audit()))).rejects.toBeInstanceOf(SupersedeCycleError);
    await expect(write(handle.db, (w) => w.supersede(c.id, { existingId: c.id }, audit()))).rejects.toBeInstanceOf(SupersedeCycleError);
    expect(await reader.get(c.id)).toMatchObject({ status: 'active', version: 1 });
    const edges = await sql<{ kind: string }>`SELECT kind FROM memory_edges WHERE src_id = ${b.id}::uuid AND dst_id = ${a.id}::uuid`.execute(handle.db);
    expect(edges.rows).toEqual([{ kind: 'supersedes' }]);
  });

  it('rejects a supersede whose replacement chain leads back to the old record', async () => {
    const x = await write(handle.db, (w) => w.create(newRecord(), audit()));
    const y = await write(handle.db, (w) => w.create(newRecord(), audit()));
    await write(handle.db, (w) => w.supersede(x.id, { existingId: y.id }, audit()));
    // y is active; superseding y by x is a cycle even though x is no longer active.
    await expect(write(handle.db, (w) => w.supersede(y.id, { existingId: x.id }, audit()))).rejects.toBeInstanceOf(SupersedeCycleError);
  });

  it('archives with valid_to and the metadata flag (FR-02)', async () => {
    const r = await write(handle.db, (w) => w.create(newRecord({ metadata: { keep: true } }), audit()));
    const archived = await write(handle.db, (w) => w.archive(r.id, 'retention', audit()));
    expect(archived).toMatchObject({ status: 'archived', archived: true, metadata: { keep: true, archived: true } });
    expect(archived.validTo).toBeInstanceOf(Date);
    expect(typeof archived.metadata['archived_at']).toBe('string');
  });

  it('forgets into a tombstone and invalidates without losing history', async () => {
    const r = await write(handle.db, (w) => w.create(newRecord({ content: 'my secret hobby', tags: ['x'] }), audit()));
    const forgotten = await write(handle.db, (w) => w.forget(r.id, 'user request', audit()));
    expect(forgotten).toMatchObject({ status: 'forgotten', content: FORGOTTEN_CONTENT, tags: [], metadata: {}, hasEmbedding: false });
    const wrong = await write(handle.db, (w) => w.create(newRecord({ content: 'the earth is flat' }), audit()));
    const inv = await write(handle.db, (w) => w.invalidate(wrong.id, 'was wrong', audit()));
    expect(inv).toMatchObject({ status: 'invalidated', statusReason: 'was wrong', version: 2 });
    expect((await reader.get(wrong.id, { version: 1 })).content).toBe('the earth is flat');
  });

  it('refuses content edits of immutable types and stale expected versions', async () => {
    const d = await write(handle.db, (w) => w.create(newRecord({ type: 'decision', content: 'ship friday' }), audit()));
    await expect(write(handle.db, (w) => w.update(d.id, { content: 'ship monday' }, audit()))).rejects.toBeInstanceOf(ImmutableRecordError);
    await write(handle.db, (w) => w.update(d.id, { tags: ['release'] }, audit()));
    await expect(write(handle.db, (w) => w.update(d.id, { tags: [] }, audit(), { expectedVersion: 1 }))).rejects.toBeInstanceOf(VersionConflictError);
  });

  it('lets exactly one of two concurrent writers with the same expectedVersion win', async () => {
    const r = await write(handle.db, (w) => w.create(newRecord(), audit()));
    const results = await Promise.allSettled(
      ['one', 'two'].map((c) => write(handle.db, (w) => w.update(r.id, { content: `winner ${c}` }, audit(), { expectedVersion: 1 }))),
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toBeInstanceOf(VersionConflictError);
    expect((await reader.get(r.id)).version).toBe(2);
  });

  it('refuses a replacement that does not exist, is not active, or has no valid id, changing nothing', async () => {
    const old = await write(handle.db, (w) => w.create(newRecord(), audit()));
    await expect(write(handle.db, (w) => w.supersede(old.id, { existingId: randomUUID() }, audit()))).rejects.toBeInstanceOf(RecordNotFoundError);
    const archived = await write(handle.db, (w) => w.create(newRecord(), audit()));
    await write(handle.db, (w) => w.archive(archived.id, 'old', audit()));
    await expect(write(handle.db, (w) => w.supersede(old.id, { existingId: archived.id }, audit()))).rejects.toBeInstanceOf(InvalidStateError);
    await expect(write(handle.db, (w) => w.supersede(old.id, { record: newRecord({ id: 'not-a-uuid' }) }, audit()))).rejects.toBeInstanceOf(InvalidRecordError);
    expect(await reader.get(old.id)).toMatchObject({ version: 1, status: 'active' });
  });

  it('answers an id that is not a uuid, or no record, with RecordNotFoundError', async () => {
    await expect(write(handle.db, (w) => w.update('not-a-uuid', { tags: ['x'] }, audit()))).rejects.toBeInstanceOf(RecordNotFoundError);
    await expect(write(handle.db, (w) => w.reinforce(randomUUID(), audit()))).rejects.toBeInstanceOf(RecordNotFoundError);
  });

  it('maps a taken id to VersionConflictError from the commit function', async () => {
    const r = await write(handle.db, (w) => w.create(newRecord(), audit()));
    await expect(write(handle.db, (w) => w.create(newRecord({ id: r.id }), audit()))).rejects.toBeInstanceOf(VersionConflictError);
  });
});
