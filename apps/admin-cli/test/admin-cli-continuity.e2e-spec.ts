import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildApp, childEnv, mcpMain, runCli, runCliJson, tempHome } from '../../../tools/test/app-process.js';
import { cliBackends as backends } from '../../../tools/test/cli-fixtures.js';

beforeAll(() => {
  buildApp('admin-cli');
  buildApp('mcp-server');
});

describe.each(backends)('engram prd / chains ($name)', (backend) => {
  const home = tempHome();
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    env = { ...(await backend.env(home.dir)), ENGRAM_MODEL_DIR: join(home.dir, 'no-model') };
  });
  afterAll(() => home.remove());

  it('shows what agents recorded through the MCP server', async () => {
    const client = new Client({ name: 'cli-continuity-e2e', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [mcpMain, '--stdio', '--project', 'cli'], env: childEnv(env), stderr: 'pipe' }));
    const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
    const prd = (await call('prd_context', { prd_ref: 'docs/prd-export.md', title: 'Export', requirements: ['X1', 'X2'] })).structuredContent as { execution: { id: string } };
    const id = prd.execution.id;
    await call('prd_event', { prd_id: id, type: 'requirement_started', requirement_id: 'X1', summary: 'JSONL writer' });
    await call('prd_decision', { prd_id: id, decision: 'one JSON object per version', reason: 'imports replay histories', alternatives: ['one object per record'] });
    await call('prd_event', { prd_id: id, type: 'blocker_hit', requirement_id: 'X1', summary: 'forgotten records leak content' });
    const chain = ((await call('start_thinking', { query: 'how to export forgotten records?' })).structuredContent as { chain: { id: string } }).chain.id;
    await call('think', { chain_id: chain, content: 'export tombstones without content' });

    const list = await runCliJson(['prd', 'list'], env);
    expect(list.items).toEqual([expect.objectContaining({ id, status: 'in_progress', scope: 'project:cli' })]);
    const shown = await runCliJson(['prd', 'show', id], env);
    expect(shown).toMatchObject({ progress: { blocked: ['X1'], not_started: ['X2'] }, blockers: [{ requirementId: 'X1' }], decisions: [{ alternatives: ['one object per record'] }] });
    const human = await runCli(['prd', 'show', id], env);
    expect(human.stdout).toContain('BLOCKER X1: forgotten records leak content');
    const events = await runCliJson(['prd', 'events', id, '--limit', '2'], env);
    expect(events.events.map((e: { seq: number }) => e.seq)).toEqual([1, 2]);
    expect(events.next_after).toBe(2);
    expect((await runCliJson(['prd', 'events', id, '--after', '2'], env)).events.map((e: { type: string }) => e.type)).toEqual(['blocker_hit']);
    const missing = await runCli(['prd', 'show', '00000000-0000-4000-8000-000000000000'], env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/PRD_NOT_FOUND/);
    const badStatus = await runCli(['prd', 'list', '--status', 'done'], env);
    expect(badStatus.code).toBe(2);

    const chains = await runCliJson(['chains', 'list', '--status', 'active'], env);
    expect(chains.items.map((c: { id: string }) => c.id)).toEqual([chain]);
    const one = await runCli(['chains', 'show', chain], env);
    expect(one.stdout).toContain('1. export tombstones without content');
    expect((await runCli(['chains', 'show', 'nope'], env)).code).toBe(3);
    await client.close();
  });
});
