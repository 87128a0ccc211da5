import { parseExportLine } from './transfer.use-cases.js';

const version = {
  id: '6f1c2a3e-1b2c-4d5e-8f90-0123456789ab', version: 1, type: 'fact', content: 'x', metadata: {}, tags: [], scope: 'global',
  source: { type: 'mcp', id: 'a' }, trust: 'agent', status: 'active', createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z', validFrom: '2026-01-01T00:00:00.000Z', validTo: null, supersededBy: null,
  statusReason: null, archived: false, confidence: 1, operation: 'create',
  // Export-only bookkeeping, dropped on import:
  accessCount: 3, contentHash: 'abc', hasEmbedding: true, gateRequestId: 'r', recordedAt: '2026-01-01T00:00:00.000Z',
};

describe('parseExportLine', () => {
  it('revives dates and keeps only the fields an import carries', () => {
    const { id, versions } = parseExportLine(JSON.stringify({ kind: 'engram.memory', id: version.id, versions: [version] }), 1);
    expect(id).toBe(version.id);
    expect(versions[0]?.createdAt).toEqual(new Date('2026-01-01T00:00:00.000Z'));
    expect(versions[0]).not.toHaveProperty('accessCount');
    expect(versions[0]).not.toHaveProperty('gateRequestId');
    expect(versions[0]).toMatchObject({ source: { type: 'mcp', id: 'a' }, operation: 'create' });
  });

  it.each([
    ['not JSON', '{oops', /line 7: not JSON/],
    ['another kind', JSON.stringify({ kind: 'x', id: 'a', versions: [version] }), /line 7: expected/],
    ['a bad timestamp', JSON.stringify({ kind: 'engram.memory', id: version.id, versions: [{ ...version, createdAt: 'yesterday' }] }), /createdAt/],
    ['a foreign version', JSON.stringify({ kind: 'engram.memory', id: 'other', versions: [version] }), /record id/],
  ])('rejects %s with INVALID_IMPORT_LINE naming the line', (_label, text, message) => {
    expect(() => parseExportLine(text, 7)).toThrow(expect.objectContaining({ code: 'INVALID_IMPORT_LINE', message: expect.stringMatching(message) }));
  });
});
