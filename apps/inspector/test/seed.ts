// Seeds a store through the public use cases (the memory service the runtime composes): the same
// path MCP's memory.store / memory.update take, so the gate, policy and audit all run for real.
import type { CallContext, MemoryService } from '@engram/agents';
import { composeRuntime, loadServerConfig } from '@engram/runtime';

/** What the browser tests look for. */
export interface Seeded {
  factId: string;
  derivedId: string;
  /** Queued (belief, policy review-belief-changes): approved from the page. */
  approveRequestId: string;
  approveContent: string;
  /** Queued: rejected from the page. */
  rejectRequestId: string;
  prdId: string;
  chainId: string;
}

const ctx: CallContext = { actor: 'mcp:seed-agent', scope: 'project:acme' };

async function store(service: MemoryService, input: Parameters<MemoryService['store']>[0]) {
  const r = await service.store(input, ctx);
  if (r.status === 'rejected') throw new Error(`seed store rejected: ${r.reason}`);
  return r;
}

async function seedMemories(service: MemoryService) {
  const fact = await store(service, { type: 'fact', content: 'The staging database runs PostgreSQL 15 on port 5433', scope: 'project:acme', tags: ['db', 'staging'] });
  const updated = await service.update(fact.id, { content: 'The staging database runs PostgreSQL 16 on port 5434' }, undefined, ctx);
  if (updated.status !== 'approved') throw new Error(`seed update: ${updated.reason}`);
  const derived = await store(service, {
    type: 'fact', content: 'Staging connection strings must use port 5434', scope: 'project:acme', tags: ['db'],
    links: [{ kind: 'derived_from', target: fact.id }],
  });
  await store(service, { type: 'preference', content: 'The team likes short pull requests with screenshots', scope: 'project:acme', links: [{ kind: 'supports', target: derived.id }] });
  const approve = await store(service, { type: 'belief', content: 'The team prefers trunk-based development with feature flags', scope: 'project:acme' });
  const reject = await store(service, { type: 'belief', content: 'Production deploys happen on Friday evenings', scope: 'project:acme' });
  if (approve.status !== 'pending' || reject.status !== 'pending') throw new Error('seed beliefs were expected to queue for review');
  return { factId: fact.id, derivedId: derived.id, approveRequestId: approve.requestId, approveContent: 'trunk-based development', rejectRequestId: reject.requestId };
}

async function seedWork(service: MemoryService) {
  const prd = await service.prd.start({ ref: 'docs/prd/inspector.md', title: 'Web inspector', content: 'PRD text', requirements: ['R1', 'R2'], scope: 'project:acme' }, ctx);
  const prdId = prd.execution.id;
  await service.prd.appendEvent(prdId, { type: 'requirement_started', requirementId: 'R1', summary: 'Started the memory pages' }, ctx);
  await service.prd.recordDecision(prdId, { decision: 'Render pages on the server', reason: 'fast and simple', alternatives: ['SPA with a JSON API'] }, ctx);
  const chain = await service.chains.start({ query: 'How to draw the memory graph', scope: 'project:acme' }, ctx);
  await service.chains.think(chain.id, { content: 'cytoscape handles layouts and clicks' }, ctx);
  await service.chains.think(chain.id, { content: 'cytoscape handles layouts, clicks and keyboard-free panning', revises: 1 }, ctx);
  return { prdId, chainId: chain.id };
}

/** A short conversation in project:acme, summarised into the TOC (Year > Month > Week > Day > Segment). */
async function seedConversation(service: MemoryService) {
  const start = Date.UTC(2026, 10, 20, 9, 0);
  const lines: Array<[role: string, text: string]> = [
    ['user', 'Can we draw the memory graph in the inspector?'],
    ['assistant', 'Yes: cytoscape renders the neighbourhood and each node links to its memory page.'],
    ['user', 'Keep every asset bundled, the inspector must work offline.'],
  ];
  await service.conversation.ingest({
    events: lines.map(([role, text], i) => ({ sessionId: 'seed-session', ts: new Date(start + i * 60_000), kind: role === 'user' ? 'user_message' : 'assistant_message', role, text, agent: 'claude-code' })),
  }, ctx);
  await service.toc.build();
}

/** Opens the store (embedded home or DATABASE_URL) without the model, seeds it, closes it. */
export async function seedStore(target: { home: string; databaseUrl?: string }): Promise<Seeded> {
  const config = loadServerConfig({ home: target.home, databaseUrl: target.databaseUrl, modelDir: '/nonexistent-model-dir' }, {});
  const rt = await composeRuntime(config, { log: () => undefined });
  try {
    const memories = await seedMemories(rt.service);
    const work = await seedWork(rt.service);
    await seedConversation(rt.service);
    return { ...memories, ...work };
  } finally {
    await rt.runtime.close();
  }
}
