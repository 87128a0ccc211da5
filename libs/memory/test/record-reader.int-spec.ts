import type { DatabaseHandle } from '@engram/infra';
import { testBackends } from '../../../tools/test/backends.js';
import { randomUUID } from 'node:crypto';
import { InvalidFilterError, RecordNotFoundError, RecordReader, type MemoryRecord } from '../src/index.js';
import { newRecord, seedArchive, seedCreate } from './fixtures.js';

describe.each(testBackends)('RecordReader on $name', (backend) => {
  let handle: DatabaseHandle;
  let reader: RecordReader;
  const created: MemoryRecord[] = [];

  beforeAll(async () => {
    handle = await backend.open();
    reader = new RecordReader(handle.db);
    let t = Date.parse('2026-03-01T00:00:00.000Z');
    for (let i = 0; i < 7; i++) {
      const input = newRecord({
        type: i % 2 === 0 ? 'decision' : 'fact', content: `record number ${i} about caching`, scope: i < 5 ? 'project:a' : 'project:b',
        tags: i % 3 === 0 ? ['infra', 'cache'] : ['infra'], metadata: { impact: i < 2 ? 'high' : 'low', n: i, links: [{ url: `https://x/${i}` }] },
      });
      created.push(await seedCreate(handle.db, input, new Date(t)));
      t += i === 3 ? 0 : 60_000; // records 3 and 4 share created_at: the id breaks the tie
    }
    await seedArchive(handle.db, (created[6] as MemoryRecord).id);
  });
  afterAll(() => handle.close());

  it('pages newest first with an opaque keyset cursor and no gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await reader.list({}, { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    const times = (await reader.getMany(seen)).map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by type, scope, tags (all/any), time range and status', async () => {
    expect((await reader.list({ types: ['decision'] })).items.every((r) => r.type === 'decision')).toBe(true);
    expect((await reader.list({ scopes: ['project:b'] })).items.map((r) => r.id)).toEqual([created[5]?.id]);
    expect((await reader.list({ scopes: ['project:b'], includeArchived: true })).items).toHaveLength(2);
    expect((await reader.list({ tags: ['infra', 'cache'] })).items).toHaveLength(2);
    expect((await reader.list({ tags: ['cache', 'nope'], tagMode: 'any' })).items).toHaveLength(2);
    // Half-open, as in search and retrieve: a record created at the upper bound is the next window's.
    const window = await reader.list({ createdAfter: new Date('2026-03-01T00:01:00Z'), createdBefore: new Date('2026-03-01T00:03:00Z') });
    expect(window.items.map((r) => r.id).sort()).toEqual([created[1]?.id, created[2]?.id].sort());
    const next = await reader.list({ createdAfter: new Date('2026-03-01T00:03:00Z'), createdBefore: new Date('2026-03-01T00:04:00Z') });
    expect(next.items.map((r) => r.id).sort()).toEqual([created[3]?.id, created[4]?.id].sort());
  });

  it('filters metadata by JSONPath and rejects malformed paths', async () => {
    const high = await reader.list({ metadataPath: '$ ? (@.impact == "high")' });
    expect(high.items.map((r) => r.id).sort()).toEqual([created[0]?.id, created[1]?.id].sort());
    expect((await reader.list({ metadataPath: '$.links[*] ? (@.url like_regex "/3$")' })).items.map((r) => r.id)).toEqual([created[3]?.id]);
    await expect(reader.list({ metadataPath: 'impact == high' })).rejects.toBeInstanceOf(InvalidFilterError);
    // Issue 17: these answered INTERNAL_ERROR; they are the filter's fault.
    for (const bad of ['strict $.nope', '$ ? (@.k == $x)', 'strict $.k / 0', '$ ? (@.impact == $"v")']) {
      await expect(reader.list({ metadataPath: bad })).rejects.toBeInstanceOf(InvalidFilterError);
    }
    await expect(reader.list({ metadataPath: '$ ? (@.impact === "high")' })).rejects.toBeInstanceOf(InvalidFilterError);
    await expect(reader.list({}, { cursor: 'garbage' })).rejects.toBeInstanceOf(InvalidFilterError);
  });

  it('finds exact duplicates by content hash within their scope and skips junk ids', async () => {
    const r = created[2] as MemoryRecord;
    expect((await reader.findActiveByContentHash('project:a', r.contentHash))?.id).toBe(r.id);
    expect(await reader.findActiveByContentHash('project:b', r.contentHash)).toBeUndefined();
    expect(await reader.getMany(['not-a-uuid', r.id])).toHaveLength(1);
  });
  it('get without options is the head record; a missing or junk id is RecordNotFound, not an SQL error', async () => {
    const archived = created[6] as MemoryRecord;
    const head = await reader.get(archived.id);
    expect(head).toEqual(await reader.findHead(archived.id));
    expect(head).toMatchObject({ id: archived.id, status: 'archived', version: 2 });
    expect(head).not.toHaveProperty('operation');
    const missing = randomUUID();
    await expect(reader.get(missing)).rejects.toThrow(new RecordNotFoundError(missing));
    await expect(reader.get(missing)).rejects.toThrow(/^memory [0-9a-f-]{36} not found$/);
    // Junk ids (also a UUID with a prefix or a suffix) never reach the uuid cast.
    for (const junk of ['not-a-uuid', `x${archived.id}`, `${archived.id}x`]) {
      expect(await reader.findHead(junk)).toBeUndefined();
      await expect(reader.get(junk)).rejects.toBeInstanceOf(RecordNotFoundError);
      await expect(reader.get(junk, { version: 1 })).rejects.toBeInstanceOf(RecordNotFoundError);
      await expect(reader.versions(junk)).rejects.toBeInstanceOf(RecordNotFoundError);
      expect(await reader.supersessionChain(junk)).toEqual([]);
      expect(await reader.getMany([junk])).toEqual([]);
    }
  });

  it('says which version or time was not found', async () => {
    const id = (created[6] as MemoryRecord).id;
    await expect(reader.get(id, { version: 9 })).rejects.toThrow(`memory ${id} not found: version 9`);
    await expect(reader.get(id, { asOf: new Date('2000-01-01T00:00:00.000Z') })).rejects.toThrow(
      `memory ${id} not found: as of 2000-01-01T00:00:00.000Z`,
    );
    const missing = randomUUID();
    await expect(reader.versions(missing)).rejects.toThrow(new RecordNotFoundError(missing));
    expect((await reader.versions(id)).map((v) => [v.version, v.operation, v.status])).toEqual([[1, 'create', 'active'], [2, 'archive', 'archived']]);
  });

  it('getMany keeps the caller order, drops unknown ids and answers [] for nothing valid', async () => {
    const [a, b, c] = [created[4], created[0], created[5]] as [MemoryRecord, MemoryRecord, MemoryRecord];
    const got = await reader.getMany([a.id, randomUUID(), b.id, 'junk', c.id]);
    expect(got.map((r) => r.id)).toEqual([a.id, b.id, c.id]);
    expect(got[1]).toEqual(await reader.findHead(b.id));
    expect(await reader.getMany([])).toEqual([]);
    expect(await reader.getMany(['junk', 'also junk'])).toEqual([]);
  });

  it('lists every scope that holds a record, sorted, once each', async () => {
    expect(await reader.scopesInUse()).toEqual(['project:a', 'project:b']);
  });

  it('samples the contents of active records only, up to the limit', async () => {
    const active = created.slice(0, 6).map((r) => r.content).sort();
    expect((await reader.sampleContents(100)).sort()).toEqual(active);
    const two = await reader.sampleContents(2);
    expect(two).toHaveLength(2);
    for (const content of two) expect(active).toContain(content);
  });
});
