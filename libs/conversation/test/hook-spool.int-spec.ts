import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEventLog, drainSpool, estimateTextTokens, spoolDirOf, spoolEvents, spooledCount, type EventLog, type NewConversationEvent } from '@engram/conversation';
import { testBackends } from '../../../tools/test/backends.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

function ev(id: string, second: number, project = 'project:spool'): NewConversationEvent {
  const text = `spooled ${id}`;
  return { eventId: id, project, agent: 'claude-code', sessionId: 's', ts: new Date(Date.UTC(2026, 10, 23, 9, 0, second)), kind: 'user_message', role: 'user', text, metadata: { hookEvent: 'UserPromptSubmit' }, tokens: estimateTextTokens(text) };
}

describe.each(testBackends)('hook spool ($name)', (backend) => {
  let handle: DatabaseHandle;
  let log: EventLog;
  let home: string;

  beforeAll(async () => {
    handle = await backend.open();
    log = createEventLog(handle.db);
  });
  beforeEach(() => {
    home = mkdtempSync(path.join(tmpdir(), 'engram-spool-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));
  afterAll(async () => handle?.close());

  it('T3-21 never keeps a raw token in the spool file while the database is down', async () => {
    const token = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
    const secret = { ...ev('secret', 40, 'project:spool-secret'), text: `export GITHUB_TOKEN=${token}`, metadata: { env: `PGPASSWORD=hunter22 ${token}` } };
    const file = spoolEvents(home, [secret]);
    const raw = readFileSync(file, 'utf8');
    expect(raw).not.toContain(token);
    expect(raw).not.toContain('hunter22');
    expect(raw).toContain('[REDACTED:github_token]');
    const report = await drainSpool(home, (events) => log.append(events));
    expect(report).toMatchObject({ inserted: 1, rejected: 0 });
  });

  it('keeps spooled events until a drain delivers them once, in source-time order', async () => {
    spoolEvents(home, [ev('b', 20), ev('c', 30)]);
    spoolEvents(home, [ev('a', 10)]);
    expect(spooledCount(home)).toBe(3);
    await log.append([ev('c', 30)]); // one of them made it before the outage
    const report = await drainSpool(home, (events) => log.append(events));
    expect(report).toEqual({ files: 1, events: 3, inserted: 2, duplicates: 1, rejected: 0 });
    expect(spooledCount(home)).toBe(0);
    expect((await log.range({ project: 'project:spool', limit: 10 })).events.map((e) => e.eventId)).toEqual(['a', 'b', 'c']);
    expect(await drainSpool(home, (events) => log.append(events))).toMatchObject({ files: 0, events: 0 });
  });

  it('leaves the spool in place when the database fails mid-drain, and a later drain duplicates nothing', async () => {
    spoolEvents(home, [ev('d1', 1, 'project:spool-2'), ev('d2', 2, 'project:spool-2')]);
    await expect(drainSpool(home, () => Promise.reject(new Error('connection refused')))).rejects.toThrow('connection refused');
    expect(spooledCount(home)).toBe(2);
    // A drain that died after the commit (events stored, file kept): redelivery is a no-op.
    await log.append([ev('d1', 1, 'project:spool-2'), ev('d2', 2, 'project:spool-2')]);
    expect(await drainSpool(home, (events) => log.append(events))).toMatchObject({ inserted: 0, duplicates: 2 });
    expect(await log.count('project:spool-2')).toBe(2);
  });

  it('sets torn lines and events the log refuses aside instead of blocking the spool', async () => {
    spoolEvents(home, [ev('ok', 5, 'project:spool-3'), { ...ev('bad', 6), project: 'not a scope' }]);
    appendFileSync(path.join(spoolDirOf(home), 'hook-events.jsonl'), '{"eventId":"torn","proj');
    const report = await drainSpool(home, (events) => log.append(events));
    expect(report).toMatchObject({ inserted: 1, rejected: 2 });
    expect(await log.count('project:spool-3')).toBe(1);
    const rejected = readFileSync(path.join(spoolDirOf(home), 'rejected.jsonl'), 'utf8').trim().split('\n');
    expect(rejected).toHaveLength(1);
    expect(JSON.parse(rejected[0]!)).toMatchObject({ event: { eventId: 'bad' } });
    expect(readdirSync(spoolDirOf(home)).filter((f) => f !== 'rejected.jsonl')).toEqual([]);
    expect(existsSync(path.join(spoolDirOf(home), 'hook-events.jsonl'))).toBe(false);
  });
});
