import { sql } from 'kysely';
import type { CallContext, MemoryService } from '@engram/agents';
import { testBackends } from '../../../tools/test/backends.js';
import { composeTestService } from './compose-test-service.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const acme: CallContext = { actor: 'mcp:prd-secrets-test', scope: 'project:acme' };
const TOKEN = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
const STRIPE = 'sk_live_51H8aBcDeFgHiJkLmNoPqRsTuV';

/*
 * Issue 36 T3-20: PRD tracking stored a token in a prd_event's detail and a decision's text raw,
 * whatever path called it (MCP, A2A, a script), and a token as the PRD's ref.
 */
describe.each(testBackends)('PRD tracking keeps no secret ($name)', (backend) => {
  let handle: DatabaseHandle;
  let service: MemoryService;

  beforeAll(async () => {
    handle = await backend.open();
    service = composeTestService(handle);
  });
  afterAll(async () => handle?.close());

  it('T3-20 refuses a token as the PRD ref, writing nothing', async () => {
    await expect(service.prd.start({ ref: `docs/${TOKEN}.md`, title: 'leak' }, acme)).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('prd_ref') });
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM prd_executions`.execute(handle.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('T3-20 stores a prd_event detail and a decision\'s decision, reason and alternatives redacted', async () => {
    const { execution } = await service.prd.start({ ref: 'docs/prd-secrets.md', title: 'Secrets', requirements: ['S1'] }, acme);
    await service.prd.appendEvent(execution.id, { type: 'requirement_started', requirementId: 'S1', summary: 'begin', detail: { env: `GITHUB_TOKEN=${TOKEN}`, cards: ['card 4111 1111 1111 1111'] } }, acme);
    await service.prd.recordDecision(execution.id, {
      decision: `rotate ${TOKEN}`, reason: `the old key ${STRIPE} leaked`, alternatives: [`keep ${STRIPE}`, 'PGPASSWORD=hunter22 in CI'], requirementId: 'S1',
    }, acme);
    const events = await sql<{ detail: unknown }>`SELECT detail FROM prd_events WHERE execution_id = ${execution.id}`.execute(handle.db);
    const decisions = await sql<{ decision: string; reason: string; alternatives: unknown }>`SELECT decision, reason, alternatives FROM prd_decisions WHERE execution_id = ${execution.id}`.execute(handle.db);
    const stored = JSON.stringify([events.rows, decisions.rows]);
    for (const raw of [TOKEN, STRIPE, '4111 1111 1111 1111', 'hunter22']) expect(stored).not.toContain(raw);
    expect(decisions.rows[0]?.decision).toBe('rotate [REDACTED:github_token]');
  });
});
