import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildApp, childEnv, engramBin, runCliJson, tempHome, testModelDir } from '../../../tools/test/app-process.js';

/*
 * The README's "First session" walkthrough as a new user runs it (issue 23): a fresh HOME, engram
 * linked onto PATH, `engram hooks install` in a git repository, Claude Code replaced by the official
 * MCP client launching `engram-mcp` inside the repository exactly as `claude mcp add` does. A memory
 * remembered in one session is recalled in the next under the repository's project scope; the hook
 * records into the same project; another repository does not see it; the CLI finds it from anywhere.
 * The default (core) tool profile is what the client sees.
 */
beforeAll(() => {
  buildApp('mcp-server');
  buildApp('admin-cli');
  buildApp('hook');
});

describe('README walkthrough: remember in one session, recall in the next', () => {
  const home = tempHome();
  const bin = join(home.dir, '.local', 'bin');
  const repo = join(home.dir, 'src', 'acme-shop');
  const other = join(home.dir, 'src', 'other-repo');
  // A fresh user: their HOME, ~/.local/bin on PATH, engram's home under HOME (the default, ~/.engram).
  const env = childEnv({
    HOME: home.dir, PATH: `${bin}:${process.env['PATH'] ?? ''}`, ENGRAM_MCP_TOOLS: 'core',
    ENGRAM_MODEL_DIR: testModelDir() ?? join(home.dir, 'no-model'),
  });
  afterAll(() => home.remove());

  const sh = (cmd: string, cwd: string, input?: string) => {
    const r = spawnSync('bash', ['-c', cmd], { cwd, env, encoding: 'utf8', ...(input !== undefined ? { input } : {}) });
    if (r.status !== 0) throw new Error(`${cmd} exited ${r.status}: ${r.stderr}`);
    return r.stdout;
  };
  async function session(cwd: string): Promise<Client> {
    const client = new Client({ name: 'claude-code', version: '2.0.0' });
    // `claude mcp add engram -- engram-mcp`: Claude Code starts the command in the project folder.
    await client.connect(new StdioClientTransport({ command: join(bin, 'engram-mcp'), args: [], cwd, env, stderr: 'pipe' }));
    return client;
  }
  const call = async (c: Client, name: string, args: Record<string, unknown>) => (await c.callTool({ name, arguments: args })) as CallToolResult;

  it('links engram onto PATH and installs the hooks into the repository\'s settings.local.json', () => {
    mkdirSync(bin, { recursive: true });
    for (const name of ['engram', 'engram-mcp']) symlinkSync(name === 'engram' ? engramBin : join(engramBin, '..', name), join(bin, name));
    for (const dir of [repo, other]) {
      mkdirSync(dir, { recursive: true });
      sh('git init -q', dir);
    }
    const installed = sh('engram hooks install', join(repo));
    const settings = JSON.parse(readFileSync(join(repo, '.claude', 'settings.local.json'), 'utf8'));
    expect(settings.hooks.UserPromptSubmit[0].hooks[0].command).toBe('engram hook');
    // Issue 37: "yours, not committed" holds: the file is in .git/info/exclude, git status is clean.
    expect(installed).toMatch(/kept \.claude\/settings\.local\.json out of git: added it to .*\.git\/info\/exclude/);
    expect(sh('git status --porcelain', repo)).toBe('');
  });

  it('remembers a decision in session 1 under project:acme-shop with the core tools only', async () => {
    const s1 = await session(repo);
    try {
      const names = (await s1.listTools()).tools.map((t) => t.name).sort();
      expect(names).toEqual(['forget', 'memory.invalidate', 'memory.supersede', 'memory.update', 'recall', 'remember']);
      const stored = await call(s1, 'remember', { content: 'We chose PostgreSQL 15 with pgvector for the payments service', type: 'decision' });
      expect(stored.structuredContent).toMatchObject({ status: 'approved' });
    } finally {
      await s1.close();
    }
  });

  it('recalls it in session 2, the hook records into the same project, and memory-context answers for it', async () => {
    const s2 = await session(join(repo));
    try {
      const recalled = await call(s2, 'recall', { query: 'which database did we choose for payments?' });
      const items = (recalled.structuredContent as { memories: { content: string; scope: string }[] }).memories;
      expect(items[0]).toMatchObject({ scope: 'project:acme-shop', content: expect.stringMatching(/PostgreSQL 15 with pgvector/) });
      // What Claude Code runs on a prompt: the settings' command, in the project, payload on stdin.
      const payload = { session_id: 'walkthrough', transcript_path: join(repo, '.none.jsonl'), cwd: repo, hook_event_name: 'UserPromptSubmit', prompt: 'Which database do we use?' };
      sh('engram hook', repo, JSON.stringify(payload));
      const prompt = await s2.getPrompt({ name: 'memory-context', arguments: {} });
      expect(prompt.description).toMatch(/project:acme-shop/);
    } finally {
      await s2.close();
    }
  });

  it('keeps other repositories apart, and the CLI finds the memory and the hook\'s event', async () => {
    const s3 = await session(other);
    try {
      const recalled = await call(s3, 'recall', { query: 'which database did we choose for payments?' });
      expect((recalled.structuredContent as { memories: unknown[] }).memories).toEqual([]);
    } finally {
      await s3.close();
    }
    const cliEnv = { HOME: home.dir, ENGRAM_MODEL_DIR: env['ENGRAM_MODEL_DIR'] };
    const found = await runCliJson(['memory', 'search', 'payments', 'database'], cliEnv);
    expect(found.results.map((r: { record: { scope: string } }) => r.record.scope)).toContain('project:acme-shop');
    const events = JSON.parse(sh('engram --json events list', repo));
    expect(events.events.map((e: { text: string }) => e.text)).toContain('Which database do we use?');
  });
});
