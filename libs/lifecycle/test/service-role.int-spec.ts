import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '@engram/infra';
import { DecisionEngine, LearningRepository, learningStats, resolveDecisionConfig } from '@engram/lifecycle';
import { openServiceRoleDatabase, type ServiceRoleDatabase } from '../../../tools/test/backends.js';

// ADR-0014: the engine and learning state are working tables the service role writes directly.
describe('lifecycle state as the engram_service role on postgres', () => {
  let db: ServiceRoleDatabase;
  let owner: DatabaseHandle;
  let service: DatabaseHandle;

  beforeAll(async () => {
    db = await openServiceRoleDatabase('life');
    ({ owner, service } = db);
  });
  afterAll(async () => db?.close());

  it('judges and records events, applies feedback and reads the stats', async () => {
    const config = resolveDecisionConfig();
    const engine = new DecisionEngine({ db: service.db, config, halfLifeOf: () => 7 });
    const memoryId = randomUUID();
    for (let i = 0; i < 3; i++) {
      const d = await engine.evaluate({ source: 'hook', kind: 'PostToolUse', text: 'Edited src/a.ts', ts: new Date(), scope: 'project:p' });
      await engine.record(d, { memoryId: i === 2 ? memoryId : null, gateStatus: 'approved', latencyMs: 1 });
    }
    const learning = new LearningRepository(service.db, config);
    const effect = await learning.apply({ memoryId, outcome: 'success', actor: 'test' });
    expect(effect).toMatchObject({ usefulness: 1.25, weightsChanged: true });
    const stats = await learningStats(service.db);
    expect(stats).toMatchObject({ decisions: { received: 3, stored: 3 }, feedback: { success: 1 }, weights: { updates: 1 } });
    const refs = await owner.db.selectFrom('lifecycle_entity_refs').select(['entity', 'ref_count']).execute();
    expect(refs).toEqual([{ entity: 'file:src/a.ts', ref_count: 3 }]);
  });

  it('still cannot write the memory tables directly', async () => {
    await expect(sql`UPDATE memories SET confidence = 1`.execute(service.db)).rejects.toThrow(/permission denied/);
  });
});
