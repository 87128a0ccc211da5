import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { createEmptyPostgresDatabase } from '../../../tools/test/backends.js';
import { buildApp, runCli, startHttpServer, tempHome, type HttpServerProcess } from '../../../tools/test/app-process.js';
import { claudePayload, runHook } from './hook-process.js';

/*
 * `engram hook` as Claude Code runs it: a cold process per event, payload on stdin. It must exit 0
 * whatever happens, say why on stderr, and lose no event it was handed (spool) nor store one twice.
 */
beforeAll(() => {
  buildApp('hook');
  buildApp('admin-cli');
  buildApp('mcp-server');
});

interface Row { event_id: string; project: string; kind: string; text: string; agent: string }

async function rows(client: pg.Client): Promise<Row[]> {
  return (await client.query<Row>('SELECT event_id, project, kind, text, agent FROM conversation_events ORDER BY ts, seq')).rows;
}

function spoolFiles(home: string): string[] {
  const dir = join(home, 'spool');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('engram hook against native Postgres', () => {
  const home = tempHome();
  const repo = join(home.dir, 'repos', 'shop');
  const other = join(home.dir, 'repos', 'blog');
  let env: Record<string, string>;
  let db: pg.Client;

  beforeAll(async () => {
    mkdirSync(join(repo, '.git'), { recursive: true });
    mkdirSync(join(repo, 'src'), { recursive: true });
    mkdirSync(join(other, '.git'), { recursive: true });
    env = { ENGRAM_HOME: home.dir, DATABASE_URL: await createEmptyPostgresDatabase() };
    const migrated = await runCli(['migrate'], env);
    expect(migrated.code).toBe(0);
    db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    home.remove();
  });

  it('records a session as events of the repository\'s project, printing nothing on stdout', async () => {
    const calls = [
      claudePayload(join(repo, 'src'), 'SessionStart', { source: 'startup' }),
      claudePayload(join(repo, 'src'), 'UserPromptSubmit', { prompt: 'add a cart total' }),
      claudePayload(repo, 'PostToolUse', { tool_name: 'Edit', tool_input: { file_path: 'src/cart.ts' }, tool_response: { success: true }, tool_use_id: 'toolu_e2e_1' }),
      claudePayload(repo, 'Stop', { stop_hook_active: false, last_assistant_message: 'Cart total added.' }),
      claudePayload(other, 'UserPromptSubmit', { prompt: 'write a post' }, 'blog-session'),
    ];
    for (const payload of calls) {
      const r = await runHook(payload, env);
      expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
    const stored = await rows(db);
    expect(stored.map((r) => [r.project, r.kind])).toEqual([
      ['project:shop', 'session_start'], ['project:shop', 'user_message'], ['project:shop', 'tool_result'],
      ['project:shop', 'assistant_message'], ['project:blog', 'user_message'],
    ]);
    expect(stored[2]!.text).toBe('Edit: src/cart.ts\n→ {"success":true}');
    // Claude Code re-running the same tool hook: same tool_use_id, stored once.
    await runHook(calls[2]!, env);
    expect(await rows(db)).toHaveLength(5);
    const outbox = await db.query('SELECT count(*)::int AS n FROM conversation_outbox');
    expect(outbox.rows[0].n).toBe(5);
  });

  it('ignores malformed JSON and unknown events with one stderr line, exit 0, nothing written', async () => {
    const before = (await rows(db)).length;
    for (const [input, message] of [
      ['{"session_id": "x", ', /engram hook: ignored: hook input is not JSON/],
      [claudePayload(repo, 'Notification', { message: 'hi' }), /unknown claude-code hook event "Notification"/],
      ['', /hook input is not JSON/],
      [JSON.stringify({ some: 'thing' }), /hook payload of no known agent/],
    ] as const) {
      const r = await runHook(input, env);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect((await rows(db)).length).toBe(before);
  });

  it('spools events while the database is down, exits 0 fast, and the next call delivers them once', async () => {
    const down = { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' };
    const prompt = claudePayload(repo, 'UserPromptSubmit', { prompt: 'written while the database is down', prompt_id: 'p-down-1' });
    const r = await runHook(prompt, down);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/database unavailable .*1 event\(s\) spooled to .*spool\/hook-events.jsonl/);
    expect(r.ms).toBeLessThan(5000);
    expect(spoolFiles(home.dir)).toEqual(['hook-events.jsonl']);
    const spooled = readFileSync(join(home.dir, 'spool', 'hook-events.jsonl'), 'utf8');
    expect(spooled).toContain('written while the database is down');
    expect((await rows(db)).some((x) => x.text.includes('while the database is down'))).toBe(false);
    const status = JSON.parse((await runCli(['--json', 'status'], env)).stdout) as { checks: Array<{ name: string; detail: string }> };
    expect(status.checks.find((c) => c.name === 'hook spool')?.detail).toMatch(/^1 event\(s\) waiting in .*spool$/);

    const next = await runHook(claudePayload(repo, 'Stop', { last_assistant_message: 'back online' }), env);
    expect(next.code).toBe(0);
    expect(next.stderr).toMatch(/delivered 1 spooled event\(s\) \(1 new\)/);
    expect(spoolFiles(home.dir)).toEqual([]);
    // The same prompt redelivered (a retry after the outage): still one event.
    await runHook(prompt, env);
    const texts = (await rows(db)).map((x) => x.text);
    expect(texts.filter((t) => t === 'written while the database is down')).toHaveLength(1);
    expect(texts).toContain('back online');
  });

  it('gives up on a database that accepts but never answers within its budget, spooling the event', async () => {
    const silent = net.createServer(() => undefined); // accepts connections, never speaks the protocol
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const r = await runHook(claudePayload(repo, 'UserPromptSubmit', { prompt: 'into the void', prompt_id: 'p-void' }),
        { ...env, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/x`, ENGRAM_HOOK_TIMEOUT_MS: '800' });
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/(timeout|did not answer).*1 event\(s\) spooled/i);
      expect(r.ms).toBeLessThan(4000);
      expect(readFileSync(join(home.dir, 'spool', 'hook-events.jsonl'), 'utf8')).toContain('into the void');
    } finally {
      silent.close();
      rmSync(join(home.dir, 'spool'), { recursive: true, force: true });
    }
  });

  it('reads Gemini CLI payloads by detection or --agent, answering {} on stdout', async () => {
    const payload = JSON.stringify({ session_id: 'g1', transcript_path: '/t', cwd: repo, hook_event_name: 'BeforeAgent', timestamp: '2026-01-05T10:00:00Z', prompt: 'from gemini' });
    const r = await runHook(payload, env, ['--agent', 'gemini-cli']);
    expect(r).toMatchObject({ code: 0, stdout: '{}' });
    const stored = (await rows(db)).find((x) => x.text === 'from gemini');
    expect(stored).toMatchObject({ agent: 'gemini-cli', project: 'project:shop', kind: 'user_message' });
  });
});

describe('engram hook in embedded mode (no DATABASE_URL)', () => {
  const home = tempHome();
  const repo = join(home.dir, 'work', 'embedded-repo');
  let server: HttpServerProcess | undefined;

  beforeAll(() => mkdirSync(join(repo, '.git'), { recursive: true }));
  afterAll(async () => {
    await server?.stop();
    home.remove();
  });

  it('spools while no engram process serves the database, then writes over the served socket', async () => {
    const env = { ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: join(home.dir, 'no-model') };
    const first = await runHook(claudePayload(repo, 'UserPromptSubmit', { prompt: 'before the server started' }), env);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/not served by a running engram process.*spooled/);
    expect(first.ms).toBeLessThan(5000);

    // The MCP server owns the embedded database, serves its socket and drains the spool at start.
    server = await startHttpServer(env);
    const deadline = Date.now() + 20_000;
    while (spoolFiles(home.dir).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(spoolFiles(home.dir)).toEqual([]);
    expect(server.stderr()).toMatch(/hook spool drained: 1 event\(s\), 1 new/);

    const second = await runHook(claudePayload(repo, 'UserPromptSubmit', { prompt: 'while the server runs' }), env);
    expect(second).toMatchObject({ code: 0, stderr: '' });
    const client = new pg.Client({ host: home.dir, port: 5432, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      expect((await rows(client)).map((r) => [r.project, r.text])).toEqual([
        ['project:embedded-repo', 'before the server started'], ['project:embedded-repo', 'while the server runs'],
      ]);
    } finally {
      await client.end();
    }
  });
});
