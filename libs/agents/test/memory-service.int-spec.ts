import type { CallContext, MemoryService } from '@engram/agents';
import { testBackends } from '../../../tools/test/backends.js';
import { composeTestService } from './compose-test-service.js';

// The test harness's handle type, without importing infra from an agents file (layering rule).
type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const agentAcme: CallContext = { actor: 'mcp:test', scope: 'project:acme' };
const agentOther: CallContext = { actor: 'mcp:test', scope: 'project:other' };
const operator: CallContext = { actor: 'cli:operator', admin: true };

function compose(handle: DatabaseHandle): MemoryService {
  return composeTestService(handle);
}

describe.each(testBackends)('memory service ($name)', (backend) => {
  let handle: DatabaseHandle;
  let service: MemoryService;

  beforeAll(async () => {
    handle = await backend.open();
    service = compose(handle);
  });
  afterAll(async () => handle?.close());

  it('keeps project memories inside their project; global is visible to all', async () => {
    const secret = await service.remember({ content: 'acme deploys on Tuesdays' }, agentAcme);
    const shared = await service.remember({ content: 'deploys need a changelog', scope: 'global' }, agentAcme);
    expect([secret.status, shared.status]).toEqual(['approved', 'approved']);
    expect((await service.get(secret.id, agentAcme)).scope).toBe('project:acme');
    await expect(service.get(secret.id, agentOther)).rejects.toMatchObject({ code: 'RECORD_NOT_FOUND' });
    const other = await service.search({ query: 'deploys', mode: 'keyword' }, agentOther);
    expect(other.results.map((r) => r.record.id)).toEqual([shared.id]);
    const acme = await service.recall({ query: 'deploys' }, agentAcme);
    expect(acme.items.map((i) => i.id).sort()).toEqual([secret.id, shared.id].sort());
    expect((await service.get(secret.id, agentAcme)).accessCount).toBe(1);
    await expect(service.forget(secret.id, agentOther)).rejects.toMatchObject({ code: 'RECORD_NOT_FOUND' });
    expect((await service.list({}, operator)).items.map((r) => r.id)).toEqual(expect.arrayContaining([secret.id, shared.id]));
  });

  it('tells an operator every scope that holds a memory, an agent only the ones it may read', async () => {
    await service.remember({ content: 'acme ships on Fridays too' }, agentAcme);
    await service.remember({ content: 'the other project pins its versions' }, agentOther);
    await service.remember({ content: 'every project keeps a changelog', scope: 'global' }, agentAcme);
    const all = await service.knownScopes(operator);
    expect(all).toEqual(expect.arrayContaining(['global', 'project:acme', 'project:other']));
    expect(all).toEqual([...all].sort());
    expect(await service.knownScopes(agentAcme)).toEqual(['global', 'project:acme']);
    expect(await service.knownScopes({ ...operator, operatorScopes: ['project:other'] })).toEqual(['global', 'project:other']);
  });

  it('queues beliefs and approves them in bulk by type only', async () => {
    const belief = await service.store({ type: 'belief', content: 'integration tests catch wiring bugs' }, agentAcme);
    const decision = await service.store({ type: 'decision', content: 'adopt kysely', metadata: { impact: 'high' } }, agentAcme);
    expect([belief.status, decision.status]).toEqual(['pending', 'pending']);
    const approved = await service.gate.approveAll({ types: ['belief'] }, 'cli:operator');
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({ status: 'approved', gateStatus: 'committed' });
    expect((await service.gate.list()).map((r) => r.id)).toEqual([decision.requestId]);
  });

  it('exports histories and re-imports them idempotently into another database', async () => {
    const fact = await service.remember({ content: 'the export keeps every version' }, agentAcme);
    await service.invalidate(fact.id, 'it was wrong', agentAcme);
    const lines = [];
    for await (const line of service.exportAll()) lines.push(JSON.stringify(line));
    const exported = lines.map((l) => JSON.parse(l));
    expect(exported.find((l) => l.id === fact.id).versions.map((v: { status: string }) => v.status)).toEqual(['active', 'invalidated']);

    const target = await backend.open();
    try {
      const copy = compose(target);
      const first = [];
      for (const [i, l] of lines.entries()) first.push(await copy.importLine(l, i + 1, { actor: 'import:test', admin: true }));
      expect(first.every((r) => r.gateStatus === 'committed')).toBe(true);
      const second = [];
      for (const [i, l] of lines.entries()) second.push(await copy.importLine(l, i + 1, { actor: 'import:test', admin: true }));
      expect(second.every((r) => r.gateStatus === 'noop')).toBe(true);
      const v2 = await copy.get(fact.id, operator);
      expect(v2).toMatchObject({ version: 2, status: 'invalidated', scope: 'project:acme' });
      expect(v2.createdAt).toEqual((await service.get(fact.id, operator)).createdAt);
    } finally {
      await target.close();
    }
  });
});
