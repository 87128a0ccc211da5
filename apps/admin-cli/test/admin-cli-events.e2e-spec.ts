import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, runCli, runCliJson, tempHome } from '../../../tools/test/app-process.js';
import { cliBackends as backends } from '../../../tools/test/cli-fixtures.js';

beforeAll(() => buildApp('admin-cli'));

const line = (n: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ session_id: 'import-s', ts: new Date(Date.UTC(2025, 5, 1, 8, 0, n)).toISOString(), kind: n % 2 ? 'assistant_message' : 'user_message', text: `turn ${n}`, ...extra });

describe.each(backends)('engram events import ($name)', (backend) => {
  const home = tempHome();
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    env = { ...(await backend.env(home.dir)), ENGRAM_MODEL_DIR: join(home.dir, 'no-model') };
  });
  afterAll(() => home.remove());

  it('backfills a JSONL file, keeps source timestamps, and a re-import only counts duplicates', async () => {
    const file = join(home.dir, 'events.jsonl');
    writeFileSync(file, `${Array.from({ length: 12 }, (_, i) => line(i)).join('\n')}\n\n${line(99, { project: 'project:other', event_id: 'x-99' })}\n`);
    expect(await runCliJson(['events', 'import', file, '--project', 'project:imported'], env)).toEqual({ inserted: 13, duplicates: 0, events: 13 });
    const again = await runCli(['events', 'import', file, '--project', 'project:imported'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('0 event(s) inserted, 13 duplicate(s) (of 13)');
  });

  it('refuses a file with a bad line, naming it, and imports nothing', async () => {
    const file = join(home.dir, 'bad.jsonl');
    writeFileSync(file, `${line(200, { event_id: 'bad-file-1' })}\n{"session_id": "s", "ts": "2025-06-01", "kind": "user_message", "text": "no time"}\nnot json\n`);
    const r = await runCli(['events', 'import', file, '--project', 'project:imported'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/2 bad line\(s\), nothing imported: line 2: ts "2025-06-01" must be an ISO-8601 time with offset; line 3: not JSON/);
    const good = join(home.dir, 'good.jsonl');
    writeFileSync(good, `${line(200, { event_id: 'bad-file-1' })}\n`);
    expect(await runCliJson(['events', 'import', good, '--project', 'project:imported'], env)).toMatchObject({ inserted: 1 });
    const noProject = await runCli(['events', 'import', good], env);
    expect(noProject.code).toBe(2);
    expect(noProject.stderr).toMatch(/--project/);
  });
});

describe('engram hooks install', () => {
  const home = tempHome();
  const env = { ENGRAM_HOME: join(home.dir, 'engram'), HOME: home.dir };
  const settings = join(home.dir, '.claude', 'settings.json');
  afterAll(() => home.remove());

  it('merges into the user settings idempotently, shows the diff, and uninstalls only its entries', async () => {
    mkdirSync(join(home.dir, '.claude'), { recursive: true });
    const mine = { theme: 'dark', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }] } };
    writeFileSync(settings, JSON.stringify(mine));
    const dry = await runCli(['hooks', 'install', '--user', '--dry-run'], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/would change .*settings.json/);
    expect(dry.stdout).toMatch(/\+ +"command": ".*bin\/engram hook"/);
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual(mine);

    const installed = await runCliJson(['hooks', 'install', '--user'], env);
    expect(installed).toMatchObject({ changed: true, written: true });
    const after = JSON.parse(readFileSync(settings, 'utf8'));
    expect(Object.keys(after.hooks).sort()).toEqual(['PostToolUse', 'PreCompact', 'PreToolUse', 'SessionEnd', 'SessionStart', 'Stop', 'SubagentStop', 'UserPromptSubmit']);
    expect(after.hooks.Stop[0]).toEqual(mine.hooks.Stop[0]);
    expect(after.theme).toBe('dark');
    expect(await runCliJson(['hooks', 'install', '--user'], env)).toMatchObject({ changed: false, diff: [] });

    expect(await runCliJson(['hooks', 'install', '--user', '--uninstall'], env)).toMatchObject({ changed: true });
    expect(JSON.parse(readFileSync(settings, 'utf8'))).toEqual(mine);
    writeFileSync(settings, '{ not json');
    const broken = await runCli(['hooks', 'install', '--user'], env);
    expect(broken.code).toBe(2);
    expect(readFileSync(settings, 'utf8')).toBe('{ not json');
  });
});
