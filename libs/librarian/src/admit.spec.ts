import { createTypeRegistry } from '@engram/memory';
import type { Actor } from './actor.js';
import { admit, type AdmitDeps } from './admit.js';
import { DEFAULT_LIMITS } from './hard-constraints.js';
import { DEFAULT_POLICY } from './policy.js';
import { RateLimiter } from './rate-limiter.js';

/*
 * Stage 1 of the gate (issue 22): the rate limit comes before anything else, a refusal is counted
 * per code and answered with that code, and an admitted request carries what later stages read.
 */

const agent: Actor = { id: 'agent:a', kind: 'agent' };
const create = (over: Record<string, unknown> = {}) => ({ op: 'create', type: 'fact', content: 'The build uses pnpm', scope: 'project:p', ...over });

function deps(capacity = 10): AdmitDeps {
  const limits = { ...DEFAULT_LIMITS, rate: { capacity, refillPerSecond: 0.5 } };
  return { registry: createTypeRegistry(), policy: DEFAULT_POLICY, limits, rateLimiter: new RateLimiter(limits.rate, () => 0), rejections: new Map() };
}

describe('admit', () => {
  it('sheds an actor over its rate limit with the limit in the reason, and counts it', async () => {
    const d = deps(1);
    expect(await admit(d, 'r1', create(), agent)).toMatchObject({ admitted: true });
    expect(await admit(d, 'r2', create(), agent)).toEqual({
      admitted: false,
      outcome: { requestId: 'r2', status: 'rejected', decision: 'REJECT', code: 'RATE_LIMITED', reason: 'rejected (RATE_LIMITED): actor agent:a exceeded 1 writes (refill 0.5/s); retry later' },
    });
    expect(await admit(d, 'r3', create(), agent)).toMatchObject({ admitted: false, outcome: { code: 'RATE_LIMITED' } });
    expect(d.rejections).toEqual(new Map([['RATE_LIMITED', 2]]));
  });

  it('answers a Layer 1 refusal with its code and counts each code apart', async () => {
    const d = deps();
    const out = await admit(d, 'r1', create({ type: 'runbook' }), agent);
    expect(out).toMatchObject({ admitted: false, outcome: { requestId: 'r1', status: 'rejected', decision: 'REJECT', code: 'UNKNOWN_TYPE' } });
    expect(out.admitted ? '' : out.outcome.reason).toMatch(/^rejected \(UNKNOWN_TYPE\): unknown memory type "runbook"/);
    await admit(d, 'r2', create({ scope: 'x' }), agent);
    await admit(d, 'r3', create({ type: 'nope' }), agent);
    expect(d.rejections).toEqual(new Map([['UNKNOWN_TYPE', 2], ['INVALID_REQUEST', 1]]));
  });

  it('admits a request with its id, actor, redactions and the raw op and scope', async () => {
    const out = await admit(deps(), 'r1', create({ content: 'Mail bob@example.com' }), agent);
    expect(out).toEqual({
      admitted: true,
      request: {
        requestId: 'r1', actor: agent, redactions: { redactions: ['email'] }, raw: { operation: 'create', scope: 'project:p' },
        request: expect.objectContaining({ op: 'create', content: 'Mail [REDACTED:email]' }),
      },
    });
  });

  it('reports no redactions when nothing was replaced', async () => {
    const out = await admit(deps(), 'r1', create(), agent);
    expect(out.admitted && out.request.redactions).toEqual({});
  });

  it('keeps the raw op and scope as given: cut to 200 characters, "unknown" when absent', async () => {
    const d = deps();
    const ok = await admit(d, 'r2', { op: 'archive', id: '00000000-0000-4000-8000-000000000001' }, agent);
    expect(ok.admitted && ok.request.raw).toEqual({ operation: 'archive', scope: 'unknown' });
    const long = await admit(d, 'r3', create({ scope: `project:${'p'.repeat(300)}` }), agent);
    expect(long.admitted && long.request.raw.scope).toBe(`project:${'p'.repeat(192)}`);
  });
});
