import { FORGOTTEN_CONTENT } from '@engram/memory';
import { MAX_LINKS, parseWriteRequest } from './write-request.js';

/*
 * The gate's request schema (issue 22): every write is parsed here first, so what it lets through
 * is what the store has to cope with. Each case states a request a client could send and the answer.
 */

const ID = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const record = (over: Record<string, unknown> = {}) => ({ type: 'fact', content: 'The build uses pnpm', scope: 'project:p', ...over });
const create = (over: Record<string, unknown> = {}) => ({ op: 'create', ...record(over) });
const message = (input: unknown) => {
  const r = parseWriteRequest(input);
  return r.ok ? 'accepted' : r.message;
};
const accepted = (input: unknown) => parseWriteRequest(input).ok;

function importVersion(version: number, over: Record<string, unknown> = {}) {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id: ID, version, type: 'fact', content: `text ${version}`, metadata: { v: version }, tags: ['t'], scope: 'project:p',
    source: { type: 'user', id: null }, trust: 'user', status: 'active', createdAt: at, updatedAt: at, validFrom: at,
    validTo: null, supersededBy: null, statusReason: null, archived: false, confidence: 0.8, ...over,
  };
}

describe('parseWriteRequest: new records', () => {
  it('accepts the three scope forms and nothing else', () => {
    for (const scope of ['global', 'project:p', 'agent:a-1']) expect(accepted(create({ scope }))).toBe(true);
    for (const scope of ['team:x', 'project:', 'project: x', 'xglobal', 'globalx', 'project:p\n']) expect(accepted(create({ scope }))).toBe(false);
    expect(message(create({ scope: 'team:x' }))).toBe('invalid write request: scope: scope must be global, project:<id> or agent:<id>');
  });

  it('refuses empty or blank content and an empty type', () => {
    expect(message(create({ content: '  \n ' }))).toBe('invalid write request: content: content must not be empty');
    expect(accepted(create({ content: 'x' }))).toBe(true);
    expect(accepted(create({ type: '' }))).toBe(false);
  });

  it('takes a source with a type, the id optional', () => {
    expect(accepted(create({ source: { type: 'tool', id: 'ci' } }))).toBe(true);
    expect(accepted(create({ source: { type: 'tool' } }))).toBe(true);
    expect(accepted(create({ source: { type: '' } }))).toBe(false);
  });

  it('refuses blank tags and unknown fields', () => {
    expect(accepted(create({ tags: ['ok'] }))).toBe(true);
    expect(accepted(create({ tags: ['  '] }))).toBe(false);
    expect(accepted(create({ colour: 'red' }))).toBe(false);
  });

  it('keeps confidence within 0..1, both ends allowed', () => {
    expect(accepted(create({ confidence: 0 }))).toBe(true);
    expect(accepted(create({ confidence: 1 }))).toBe(true);
    expect(accepted(create({ confidence: -0.01 }))).toBe(false);
    expect(accepted(create({ confidence: 1.01 }))).toBe(false);
  });

  it('needs validTo strictly after validFrom, and dates Postgres can store', () => {
    expect(accepted(create({ validFrom: '2026-01-01', validTo: '2026-01-02' }))).toBe(true);
    expect(message(create({ validFrom: '2026-01-02', validTo: '2026-01-02' }))).toBe('invalid write request: validTo: validTo must be after validFrom');
    expect(accepted(create({ validFrom: '2026-01-02', validTo: '2026-01-01' }))).toBe(false);
    expect(accepted(create({ validTo: null }))).toBe(true);
    expect(accepted(create({ validFrom: '0001-01-01T00:00:00Z' }))).toBe(true);
    expect(accepted(create({ validFrom: '9999-12-31T00:00:00Z' }))).toBe(true);
    expect(message(create({ validFrom: '+010000-01-01T00:00:00Z' }))).toBe('invalid write request: validFrom: dates must be between years 0001 and 9999');
    expect(accepted(create({ validFrom: '0000-06-01T00:00:00Z' }))).toBe(false);
  });

  it('accepts links of the writer kinds, weight in (0, 1], at most MAX_LINKS, never to itself', () => {
    const link = (over: Record<string, unknown> = {}) => ({ kind: 'supports', target: OTHER, ...over });
    for (const kind of ['supports', 'relates_to', 'derived_from', 'contradicts']) expect(accepted(create({ links: [link({ kind, weight: 1 })] }))).toBe(true);
    expect(accepted(create({ links: [link({ kind: 'similar_to' })] }))).toBe(false);
    expect(accepted(create({ links: [link({ kind: 'supersedes' })] }))).toBe(false);
    expect(accepted(create({ links: [link({ weight: 0 })] }))).toBe(false);
    expect(accepted(create({ links: [link({ weight: 1.5 })] }))).toBe(false);
    expect(accepted(create({ links: [link({ target: 'not-a-uuid' })] }))).toBe(false);
    expect(accepted(create({ links: Array.from({ length: MAX_LINKS }, () => link()) }))).toBe(true);
    expect(accepted(create({ links: Array.from({ length: MAX_LINKS + 1 }, () => link()) }))).toBe(false);
    expect(message(create({ id: ID, links: [link({ target: ID })] }))).toBe('invalid write request: links: a record cannot link to itself');
    expect(accepted(create({ id: ID, links: [link()] }))).toBe(true);
    expect(accepted(create({ id: ID, links: [link(), link({ target: ID })] }))).toBe(false);
    expect(accepted(create({ id: ID }))).toBe(true);
  });
});

describe('parseWriteRequest: changes to existing records', () => {
  it('needs a patch that changes something, with the same content and date rules', () => {
    expect(message({ op: 'update', id: ID, patch: {} })).toBe('invalid write request: patch: patch must change something');
    expect(accepted({ op: 'update', id: ID, patch: { tags: [] } })).toBe(true);
    expect(accepted({ op: 'update', id: ID, patch: { content: ' ' } })).toBe(false);
    expect(accepted({ op: 'update', id: ID, patch: { validFrom: '2026-01-02', validTo: '2026-01-01' } })).toBe(false);
    expect(accepted({ op: 'update', id: ID, patch: { validFrom: '2026-01-01', validTo: '2026-01-02' } })).toBe(true);
  });

  it('bounds expectedVersion to a positive 32-bit integer', () => {
    expect(accepted({ op: 'update', id: ID, expectedVersion: 2_147_483_647, patch: { tags: [] } })).toBe(true);
    expect(message({ op: 'update', id: ID, expectedVersion: 2_147_483_648, patch: { tags: [] } })).toBe('invalid write request: expectedVersion: version is at most 2147483647');
    expect(accepted({ op: 'update', id: ID, expectedVersion: 0, patch: { tags: [] } })).toBe(false);
    expect(accepted({ op: 'update', id: ID, expectedVersion: 1.5, patch: { tags: [] } })).toBe(false);
  });

  it('needs exactly one of replacement and replacementId to supersede', () => {
    expect(accepted({ op: 'supersede', id: ID, replacementId: OTHER })).toBe(true);
    expect(accepted({ op: 'supersede', id: ID, replacement: record() })).toBe(true);
    const none = message({ op: 'supersede', id: ID });
    expect(none).toBe('invalid write request: give exactly one of replacement or replacementId');
    expect(message({ op: 'supersede', id: ID, replacementId: OTHER, replacement: record() })).toBe(none);
  });

  it('needs a non-blank reason to invalidate, of at most 2000 characters', () => {
    expect(accepted({ op: 'invalidate', id: ID, reason: 'wrong' })).toBe(true);
    expect(accepted({ op: 'invalidate', id: ID })).toBe(false);
    expect(accepted({ op: 'invalidate', id: ID, reason: '   ' })).toBe(false);
    expect(accepted({ op: 'invalidate', id: ID, reason: 'x'.repeat(2000) })).toBe(true);
    expect(accepted({ op: 'invalidate', id: ID, reason: 'x'.repeat(2001) })).toBe(false);
  });

  it('knows every operation and refuses an unknown one', () => {
    for (const r of [{ op: 'archive', id: ID }, { op: 'forget', id: ID, reason: 'asked' }, { op: 'reinforce', id: ID }, { op: 'promote', id: ID }]) {
      expect(accepted(r)).toBe(true);
    }
    expect(accepted({ op: 'delete', id: ID })).toBe(false);
    expect(accepted({ op: 'archive', id: 'not-a-uuid' })).toBe(false);
  });

  it('names at most five problems, each with its path', () => {
    const msg = message({ op: 'create', type: '', content: ' ', scope: 'x', confidence: 3, tags: [' '], metadata: 'no', validFrom: 'never' });
    expect(msg.startsWith('invalid write request: ')).toBe(true);
    expect(msg.split('; ')).toHaveLength(5);
    expect(msg).toMatch(/^invalid write request: type: /);
  });
});

describe('parseWriteRequest: imports', () => {
  it('accepts consecutive versions of one record, oldest first, from any start', () => {
    expect(accepted({ op: 'import', versions: [importVersion(1), importVersion(2)] })).toBe(true);
    expect(accepted({ op: 'import', versions: [importVersion(3), importVersion(4)] })).toBe(true);
    expect(message({ op: 'import', versions: [importVersion(1), importVersion(3)] })).toBe('invalid write request: versions must be consecutive, oldest first');
    expect(accepted({ op: 'import', versions: [importVersion(2), importVersion(1)] })).toBe(false);
    expect(message({ op: 'import', versions: [importVersion(1), importVersion(2, { id: OTHER })] })).toBe('invalid write request: an import request carries the history of ONE record');
    expect(accepted({ op: 'import', versions: [] })).toBe(false);
  });

  it('stores a forgotten history as a forget leaves it: no text before the tombstone', () => {
    const r = parseWriteRequest({ op: 'import', versions: [importVersion(1, { statusReason: 'old' }), importVersion(2, { status: 'forgotten' }), importVersion(3)] });
    if (!r.ok || r.request.op !== 'import') throw new Error('expected an import');
    const [v1, v2, v3] = r.request.versions;
    expect(v1).toMatchObject({ content: FORGOTTEN_CONTENT, metadata: {}, tags: [], statusReason: null });
    expect(v1?.operation).toBeUndefined();
    expect(v2).toMatchObject({ content: FORGOTTEN_CONTENT, metadata: {}, tags: [], operation: 'forget' });
    expect(v3).toMatchObject({ content: 'text 3', metadata: { v: 3 }, tags: ['t'] });
  });

  it('takes every status, trust and operation an exported history can hold', () => {
    for (const status of ['active', 'superseded', 'invalidated', 'archived']) expect(accepted({ op: 'import', versions: [importVersion(1, { status })] })).toBe(true);
    for (const trust of ['user', 'agent', 'tool', 'import']) expect(accepted({ op: 'import', versions: [importVersion(1, { trust })] })).toBe(true);
    for (const operation of ['create', 'update', 'supersede', 'invalidate', 'archive', 'forget', 'reinforce', 'promote', 'import']) {
      expect(accepted({ op: 'import', versions: [importVersion(1, { operation })] })).toBe(true);
    }
    expect(accepted({ op: 'import', versions: [importVersion(1, { status: 'deleted' })] })).toBe(false);
    expect(accepted({ op: 'import', versions: [importVersion(1, { version: 0 })] })).toBe(false);
  });

  it('leaves a history without a forgotten version as it is', () => {
    const r = parseWriteRequest({ op: 'import', versions: [importVersion(1), importVersion(2, { status: 'archived' })] });
    expect(r.ok && r.request.op === 'import' ? r.request.versions.map((v) => v.content) : []).toEqual(['text 1', 'text 2']);
  });
});
