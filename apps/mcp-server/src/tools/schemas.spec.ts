import {
  agentIdField, chainIdField, eventIdField, maxTokensField, prdEventTypeField, prdIdField, prdStatusField, requirementIdField, scoped, summaryField,
} from './continuity-schemas.js';
import { contentField, idField, isoDate, linksField, scopeField, tagsField, typeField } from './schemas.js';

// The shared input fragments at their limits (issue 22: a loosened limit must fail a test).
const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) => schema.safeParse(v).success;
const ID = '018f6b1e-8a4e-7cc0-9b1a-2f3c4d5e6f70';

describe('shared MCP input fields', () => {
  it('scope: global, project:<id> or agent:<id>, id at most 501 characters', () => {
    for (const s of ['global', 'project:a', 'agent:x y', `project:${'x'.repeat(501)}`, undefined]) expect(ok(scopeField, s)).toBe(true);
    for (const s of ['', 'Global', 'team:x', 'project:', 'project: x', `project:${'x'.repeat(502)}`, 'global2']) expect(ok(scopeField, s)).toBe(false);
    expect(scopeField.safeParse('team:x').error?.issues[0]?.message).toBe('scope must be global, project:<id> or agent:<id>');
  });

  it('type: a lower-case name of at most 64 characters', () => {
    for (const t of ['fact', 'my_type-2', `a${'b'.repeat(63)}`]) expect(ok(typeField, t)).toBe(true);
    for (const t of ['Fact', '2fact', '', `a${'b'.repeat(64)}`, 'has space']) expect(ok(typeField, t)).toBe(false);
    expect(typeField.safeParse('Fact').error?.issues[0]?.message).toBe('type must be a registered memory type name');
  });

  it('tags: at most 50, each 1 to 100 characters', () => {
    expect(ok(tagsField, Array.from({ length: 50 }, (_, i) => `t${i}`))).toBe(true);
    expect(ok(tagsField, Array.from({ length: 51 }, (_, i) => `t${i}`))).toBe(false);
    expect(ok(tagsField, ['x'.repeat(100)])).toBe(true);
    expect(ok(tagsField, ['x'.repeat(101)])).toBe(false);
    expect(ok(tagsField, [''])).toBe(false);
    expect(ok(tagsField, undefined)).toBe(true);
  });

  it('content: trimmed, not empty, at most 100 000 characters', () => {
    expect(contentField.parse('  hello  ')).toBe('hello');
    expect(contentField.safeParse('   ').error?.issues[0]?.message).toBe('content must not be empty');
    expect(ok(contentField, 'x'.repeat(100_000))).toBe(true);
    expect(ok(contentField, 'x'.repeat(100_001))).toBe(false);
  });

  it('ids are UUIDs and dates carry an offset', () => {
    expect(ok(idField, ID)).toBe(true);
    expect(ok(idField, 'not-a-uuid')).toBe(false);
    expect(ok(isoDate, '2026-11-26T07:00:00Z')).toBe(true);
    expect(ok(isoDate, '2026-11-26T07:00:00+01:00')).toBe(true);
    expect(ok(isoDate, '2026-11-26')).toBe(false);
  });

  it('links: at most 32 of the four kinds, weight in (0, 1], nothing else', () => {
    const link = { kind: 'supports', target: ID, weight: 1 };
    expect(ok(linksField, [link])).toBe(true);
    expect(ok(linksField, Array.from({ length: 32 }, () => link))).toBe(true);
    expect(ok(linksField, Array.from({ length: 33 }, () => link))).toBe(false);
    for (const kind of ['derived_from', 'supports', 'relates_to', 'contradicts']) expect(ok(linksField, [{ kind, target: ID }])).toBe(true);
    expect(ok(linksField, [{ kind: 'similar_to', target: ID }])).toBe(false);
    expect(ok(linksField, [{ ...link, weight: 0 }])).toBe(false);
    expect(ok(linksField, [{ ...link, weight: 1.01 }])).toBe(false);
    expect(ok(linksField, [{ ...link, weight: 0.01 }])).toBe(true);
    expect(ok(linksField, [{ ...link, note: 'x' }])).toBe(false);
    expect(ok(linksField, [{ kind: 'supports', target: 'nope' }])).toBe(false);
  });
});

describe('shared work-continuity input fields (SPEC 8)', () => {
  it('requirement ids and agent ids: trimmed, 1 to 200 characters', () => {
    expect(requirementIdField.parse('  R3  ')).toBe('R3');
    expect(ok(requirementIdField, 'x'.repeat(200))).toBe(true);
    for (const v of ['x'.repeat(201), '   ', '']) expect(ok(requirementIdField, v)).toBe(false);
    expect(agentIdField.parse(' planner ')).toBe('planner');
    expect(ok(agentIdField, undefined)).toBe(true);
    expect(ok(agentIdField, 'x'.repeat(200))).toBe(true);
    for (const v of ['x'.repeat(201), '  ']) expect(ok(agentIdField, v)).toBe(false);
  });

  it('event ids (idempotency keys): optional, trimmed, 1 to 200 characters', () => {
    expect(eventIdField.parse(' e-1 ')).toBe('e-1');
    expect(ok(eventIdField, undefined)).toBe(true);
    expect(ok(eventIdField, 'x'.repeat(200))).toBe(true);
    for (const v of ['x'.repeat(201), ' ']) expect(ok(eventIdField, v)).toBe(false);
  });

  it('summaries: trimmed, not empty, at most 10 000 characters', () => {
    expect(summaryField.parse(' done ')).toBe('done');
    expect(summaryField.safeParse('  ').error?.issues[0]?.message).toBe('summary must not be empty');
    expect(ok(summaryField, 'x'.repeat(10_000))).toBe(true);
    expect(ok(summaryField, 'x'.repeat(10_001))).toBe(false);
  });

  it('token budgets: whole numbers from 100 to 100 000, 4000 when not given', () => {
    expect(maxTokensField.parse(undefined)).toBe(4000);
    for (const v of [100, 100_000]) expect(ok(maxTokensField, v)).toBe(true);
    for (const v of [99, 100_001, 500.5]) expect(ok(maxTokensField, v)).toBe(false);
  });

  it('prd and chain ids are UUIDs; event types and statuses come from the PRD model', () => {
    for (const f of [prdIdField, chainIdField]) {
      expect(ok(f, ID)).toBe(true);
      expect(ok(f, 'R3')).toBe(false);
    }
    expect(ok(prdEventTypeField, 'blocker_hit')).toBe(true);
    expect(ok(prdEventTypeField, 'blocker')).toBe(false);
    expect(ok(prdStatusField, 'in_progress')).toBe(true);
    expect(ok(prdStatusField, 'done')).toBe(false);
  });

  it('a request scope replaces the session scope only when given', () => {
    const ctx = { scope: 'project:a', actor: 'x' };
    expect(scoped(ctx, undefined)).toBe(ctx);
    expect(scoped(ctx, 'agent:b')).toEqual({ scope: 'agent:b', actor: 'x' });
  });
});
