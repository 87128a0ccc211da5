import { contentHash } from './content-hash.js';
import { ImmutableRecordError, InvalidRecordError, InvalidStateError } from './errors.js';
import { createTypeRegistry } from './type-registry.js';
import {
  applyArchive, applyForget, applyInvalidate, applyPromote, applySupersede, applyUpdate, FORGOTTEN_CONTENT,
  newRecordState, toSnapshot,
} from './version-snapshot.js';

const registry = createTypeRegistry();
const t0 = new Date('2026-01-01T00:00:00.000Z');
const t1 = new Date('2026-01-02T00:00:00.000Z');
const id = '00000000-0000-4000-8000-000000000001';
const base = { content: 'Project uses Node 24', scope: 'project:x', source: { type: 'user', id: 'u1' }, trust: 'user' as const };

describe('version snapshots', () => {
  it('builds version 1 with hash, class and defaults', () => {
    const s = newRecordState({ ...base, type: 'fact', tags: ['a', 'a', 'b'] }, registry.get('fact'), id, t0);
    expect(s).toMatchObject({ version: 1, status: 'active', memoryClass: 'semantic', tags: ['a', 'b'], confidence: 1, validFrom: t0, validTo: null });
    expect(s.contentHash).toBe(contentHash(base.content));
    expect(toSnapshot(s, 'create')).toMatchObject({ id, version: 1, source_type: 'user', created_at: t0.toISOString(), operation: 'create' });
  });

  it('validates content, scope, confidence and valid time', () => {
    const def = registry.get('fact');
    expect(() => newRecordState({ ...base, type: 'fact', content: '  ' }, def, id, t0)).toThrow(InvalidRecordError);
    expect(() => newRecordState({ ...base, type: 'fact', scope: 'team:x' }, def, id, t0)).toThrow(InvalidRecordError);
    expect(() => newRecordState({ ...base, type: 'fact', confidence: 2 }, def, id, t0)).toThrow(InvalidRecordError);
    expect(() => newRecordState({ ...base, type: 'fact', validFrom: t1, validTo: t0 }, def, id, t0)).toThrow(InvalidRecordError);
  });

  it('updates mutable content as a new version and refuses content edits of immutable types', () => {
    const fact = newRecordState({ ...base, type: 'fact' }, registry.get('fact'), id, t0);
    const v2 = applyUpdate(fact, { content: 'Project uses Node 22' }, registry.get('fact'), t1);
    expect(v2).toMatchObject({ version: 2, updatedAt: t1, createdAt: t0, content: 'Project uses Node 22' });
    const decision = newRecordState({ ...base, type: 'decision' }, registry.get('decision'), id, t0);
    expect(() => applyUpdate(decision, { content: 'other' }, registry.get('decision'), t1)).toThrow(ImmutableRecordError);
    expect(applyUpdate(decision, { tags: ['adr'] }, registry.get('decision'), t1).tags).toEqual(['adr']);
  });

  it('supersedes, archives, invalidates, forgets and promotes', () => {
    const s = newRecordState({ ...base, type: 'belief', metadata: { k: 1 } }, registry.get('belief'), id, t0);
    expect(applySupersede(s, 'new', t1)).toMatchObject({ status: 'superseded', supersededBy: 'new', validTo: t1, version: 2 });
    expect(applyArchive(s, undefined, t1)).toMatchObject({ status: 'archived', archived: true, validTo: t1, metadata: { k: 1, archived: true, archived_at: t1.toISOString() } });
    expect(applyInvalidate(s, 'was wrong', t1)).toMatchObject({ status: 'invalidated', statusReason: 'was wrong' });
    const forgotten = applyForget(s, 'user asked', t1);
    expect(forgotten).toMatchObject({ status: 'forgotten', content: FORGOTTEN_CONTENT, metadata: {}, tags: [] });
    expect(forgotten.contentHash).not.toBe(s.contentHash);
    expect(applyPromote(s, t1)).toMatchObject({ scope: 'global', metadata: { promoted_from: 'project:x' } });
    expect(() => applyUpdate(forgotten, { tags: [] }, registry.get('belief'), t1)).toThrow(InvalidStateError);
    expect(() => applyForget(forgotten, undefined, t1)).toThrow(InvalidStateError);
  });
});
