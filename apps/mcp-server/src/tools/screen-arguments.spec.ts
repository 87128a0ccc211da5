import { screenArguments } from './screen-arguments.js';

const TOKEN = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
const ungated = { readOnly: false, uses: 'continuity' };
const gated = { readOnly: false, uses: 'memory' };

async function refusal(tool: { readOnly: boolean; uses: string }, args: unknown): Promise<{ code?: string; message: string } | undefined> {
  try {
    await screenArguments(tool, args);
    return undefined;
  } catch (error) {
    return error as { code?: string; message: string };
  }
}

describe('the screen of every tool\'s arguments (issue 36)', () => {
  it.each([
    ['events.ingest session_id', { events: [{ session_id: `s-${TOKEN}`, text: 'x' }] }, 'events[0].session_id'],
    ['events.ingest event_id', { events: [{ session_id: 's', event_id: TOKEN, text: 'x' }] }, 'events[0].event_id'],
    ['events.ingest agent', { events: [{ session_id: 's', agent: TOKEN, text: 'x' }] }, 'events[0].agent'],
    ['events.ingest project', { events: [{ session_id: 's', project: `project:${TOKEN}`, text: 'x' }] }, 'events[0].project'],
    ['prd_context prd_ref', { prd_ref: `docs/${TOKEN}.md`, title: 't' }, 'prd_ref'],
    ['a scope name', { scope: `project:${TOKEN}`, query: 'q' }, 'scope'],
  ])('T3-20 refuses a secret in an identifier: %s', async (_name, args, path) => {
    const error = await refusal(ungated, args);
    expect(error?.code).toBe('INVALID_INPUT');
    expect(error?.message).toContain(path);
    expect(error?.message).toContain('github_token');
    expect(error?.message).not.toContain(TOKEN);
  });

  it('T3-20 refuses a secret scope on a gated tool too (the gate does not scan identifiers)', async () => {
    expect((await refusal(gated, { type: 'fact', content: 'ok', scope: `project:${TOKEN}` }))?.code).toBe('INVALID_INPUT');
  });

  it('T3-20 redacts the free text of a tool that writes without the gate, at any depth', async () => {
    const out = await screenArguments(ungated, {
      prd_id: '0f8fad5b-d9cb-469f-a165-70867728950e', decision: `use ${TOKEN}`, reason: 'card 4111 1111 1111 1111',
      alternatives: [`sk_live_51H8aBcDeFgHiJkLmNoPqRsTuV`], detail: { nested: [{ [`k-${TOKEN}`]: 'PGPASSWORD=hunter22' }] },
    });
    const text = JSON.stringify(out);
    for (const raw of [TOKEN, '4111 1111 1111 1111', 'sk_live_', 'hunter22']) expect(text).not.toContain(raw);
    expect(out).toMatchObject({ prd_id: '0f8fad5b-d9cb-469f-a165-70867728950e', decision: 'use [REDACTED:github_token]' });
  });

  it('T3-20 leaves a gated tool\'s text to the gate, whose policy may refuse it', async () => {
    const args = { type: 'fact', content: `token ${TOKEN}` };
    expect(await screenArguments(gated, args)).toBe(args);
  });

  it.each([
    ['prd_event detail', { prd_id: 'p', detail: { note: 'broken \uD83D text' } }, /detail\.note contains a lone UTF-16 surrogate/],
    ['prd_decision reason (high surrogate)', { decision: 'd', reason: 'x \uD800 y' }, /reason contains a lone UTF-16 surrogate/],
    ['prd_decision reason (low surrogate)', { decision: 'd', reason: 'x \uDC00 y' }, /reason contains a lone UTF-16 surrogate/],
    ['start_thinking metadata', { query: 'q', metadata: { k: '\uDBFF' } }, /metadata\.k contains a lone UTF-16 surrogate/],
  ])('T3-23 names a lone surrogate in %s (INVALID_INPUT, not INTERNAL_ERROR)', async (_name, args, message) => {
    const error = await refusal(ungated, args);
    expect(error?.code).toBe('INVALID_INPUT');
    expect(error?.message).toMatch(message);
  });

  it('T3-23 names detail nested 5,000 deep that reached a tool (stdio has no body limit)', async () => {
    let detail: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 5_000; i++) detail = { d: detail };
    const error = await refusal(ungated, { prd_id: 'p', detail });
    expect(error?.code).toBe('INVALID_INPUT');
    expect(error?.message).toMatch(/nested deeper than 32 levels/);
  });

  it('T3-19 refuses 40,000-key metadata that reached a tool by name', async () => {
    const metadata = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, i]));
    const error = await refusal(ungated, { query: 'q', metadata });
    expect(error?.message).toMatch(/metadata has more than 1000 keys/);
  });
});
