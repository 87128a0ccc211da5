import {
  createEventLog, createExtractiveSummariser, createTocService, estimateTextTokens, listTocProjects, tocConfig, type NewConversationEvent,
} from '@engram/conversation';
import { migrationState } from '@engram/infra';
import { testBackends } from '../../../tools/test/backends.js';

type DatabaseHandle = Awaited<ReturnType<(typeof testBackends)[number]['open']>>;

const turn = (project: string, id: string, at: string, text: string): NewConversationEvent => ({
  eventId: id, project, agent: 'test', sessionId: `s-${project}`, ts: new Date(at), kind: 'user_message', role: 'user', text, metadata: {}, tokens: estimateTextTokens(text),
});

// Issue 37: the inspector's Conversations page lists the projects with a TOC; its Health page the
// schema's migration state. Both queries on both engines.
describe.each(testBackends)('projects with a TOC and the migration state ($name)', (backend) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await backend.open();
    const toc = createTocService({ db: handle.db, summariser: createExtractiveSummariser({ bullets: 2, keywords: 3 }), config: tocConfig(), embedder: null });
    await createEventLog(handle.db as never).append([
      turn('project:older', 'o1', '2024-03-01T10:00:00Z', 'We picked SQLite for the prototype.'),
      turn('project:older', 'o2', '2025-01-02T10:00:00Z', 'The prototype moved to Postgres.'),
      turn('project:newer', 'n1', '2026-02-01T10:00:00Z', 'The newer project ships on Fridays.'),
    ]);
    await toc.processOutbox(100);
  });
  afterAll(async () => handle?.close());

  it('issue 37 conversations: lists each project once, most recently active first, with the time its TOC covers', async () => {
    const projects = await listTocProjects(handle.db as never);
    expect(projects.map((p) => p.project)).toEqual(['project:newer', 'project:older']);
    const older = projects[1]!;
    expect(older.from.getTime()).toBeLessThanOrEqual(Date.parse('2024-03-01T10:00:00Z'));
    expect(older.to.getTime()).toBeGreaterThanOrEqual(Date.parse('2025-01-02T10:00:00Z'));
    expect(await listTocProjects(handle.db as never, 1)).toHaveLength(1);
  });

  it('issue 37 health: the migration state of a migrated database is up to date, naming the latest', async () => {
    expect(await migrationState(handle as never)).toMatch(/^up to date \(\d+, latest _\d{8}T\d{9}Z\)$/);
  });
});
