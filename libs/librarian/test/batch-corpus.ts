import { sql, type Kysely } from 'kysely';
import type { GateOutcome, WriteRequestInput } from '../src/index.js';

/*
 * A corpus for ADR-0050's equivalence test: stored records (seeds, with fixed ids so both stores
 * hold the same ones), then requests that meet them and each other the way a sequence would:
 * exact and near duplicates of stored records and of earlier records of the batch, contradictions,
 * an explicit id taken twice, links (to a stored record and to one made in the batch), a plain
 * update between creates, Layer 1 and policy refusals, and distinct records that share a commit.
 */

export const SEED_IDS = ['0b0c8f6e-4a7e-4a58-9c52-0d4a7a1f0001', '0b0c8f6e-4a7e-4a58-9c52-0d4a7a1f0002', '0b0c8f6e-4a7e-4a58-9c52-0d4a7a1f0003',
  '0b0c8f6e-4a7e-4a58-9c52-0d4a7a1f0004', '0b0c8f6e-4a7e-4a58-9c52-0d4a7a1f0005'] as const;
const TAKEN_TWICE = '0b0c8f6e-4a7e-4a58-9c52-0d4a7a1f00aa';
const SCOPE = 'project:bulk';

const fact = (content: string, extra: object = {}): WriteRequestInput => ({ op: 'create', type: 'fact', content, scope: SCOPE, ...extra }) as WriteRequestInput;

export const SEEDS: WriteRequestInput[] = [
  fact('The billing service listens on port 8080 behind the eu-west load balancer', { id: SEED_IDS[0] }),
  fact('Deployments to production happen every Tuesday after the change review meeting', { id: SEED_IDS[1] }),
  fact('The search cluster does not use replicas for the audit index', { id: SEED_IDS[2] }),
  { op: 'create', type: 'preference', content: 'Alice prefers dark mode in the admin dashboard', scope: SCOPE, id: SEED_IDS[3] },
  { op: 'create', type: 'decision', content: 'We chose Postgres with pgvector as the primary store', scope: SCOPE, metadata: { impact: 'low' }, id: SEED_IDS[4] },
];

const fillers = Array.from({ length: 24 }, (_, i) =>
  fact(`Filler ${i}: the ${['ledger', 'gateway', 'indexer', 'mailer'][i % 4]} service ${i * 7919 + 11} uses port ${9100 + i}`, { tags: [`shard-${i % 3}`] }));

export const CORPUS: WriteRequestInput[] = [
  fact('The mailer retries failed deliveries three times with exponential backoff and jitter'),
  fact('The billing service listens on port 8080 behind the eu-west load balancer'), // exact duplicate of a seed
  fact('Deployments to production happen every Tuesday after the change review meeting ends'), // near duplicate of a seed
  fact('The search cluster uses replicas for the audit index'), // contradicts a seed
  ...fillers.slice(0, 8),
  fact('The ledger service writes nightly snapshots to the cold storage bucket'),
  fact('The ledger service writes nightly snapshots to the cold storage bucket'), // exact duplicate in the batch
  fact('The mailer retries failed deliveries three times with exponential backoff and jitter today'), // near duplicate in the batch
  fact('deploy key is AKIAIOSFODNN7REALKEY'), // Layer 1: a secret
  { op: 'create', type: 'nonsense', content: 'an unknown type', scope: SCOPE } as WriteRequestInput, // Layer 1: unknown type
  { op: 'create', type: 'belief', content: 'The team believes the cache layer causes most latency', scope: SCOPE }, // policy: review
  { op: 'create', type: 'decision', content: 'We move the ledger to its own cluster', scope: SCOPE, metadata: { impact: 'high' } }, // policy: review
  fact('The ledger service never writes nightly snapshots to the cold storage bucket'), // contradicts the batch's own record
  ...fillers.slice(8, 16),
  fact('The quota service allows 500 requests per minute per tenant', { id: TAKEN_TWICE }),
  fact('The quota service blocks tenants after five failed logins', { id: TAKEN_TWICE }), // the id is taken by now
  fact('The billing service is owned by the payments team', { links: [{ target: SEED_IDS[0], kind: 'relates_to' }] }),
  fact('Quota limits are reviewed every quarter by the platform team', { links: [{ target: TAKEN_TWICE, kind: 'supports' }] }),
  { op: 'update', id: SEED_IDS[3], patch: { content: 'Alice prefers dark mode in the admin dashboard and the editor' } },
  { op: 'create', type: 'preference', content: 'Alice prefers dark mode in the admin dashboard and in the editor', scope: SCOPE }, // near duplicate of the update
  fact('The mailer retries failed deliveries five times with exponential backoff'), // similar to a batch record
  ...fillers.slice(16),
  fact('Filler 20: the ledger service 158391 uses port 9120 now'), // near duplicate of a record of the same read
  fact('Filler 21: the gateway service 166310 uses port 9121'), // exact duplicate of a record of the same read
  fact('Filler 3: the mailer service 23768 uses port 9103', { tags: ['shard-0'] }), // exact duplicate of an earlier filler
  fact('The search cluster does not use replicas for the audit index', { scope: 'project:other' }), // same text, other scope
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Names the ids of one store by what made them: a seed, or the corpus item whose create committed a new record. */
export function labelsOf(outcomes: readonly GateOutcome[]): Map<string, string> {
  const labels = new Map<string, string>(SEED_IDS.map((id, i) => [id, `seed${i}`]));
  labels.set(TAKEN_TWICE, 'taken');
  outcomes.forEach((o, i) => {
    if (o.record && !labels.has(o.record.id)) labels.set(o.record.id, `item${i}`);
  });
  return labels;
}

/** A value with every id replaced by its label (request ids, unlabelled, become '?'). */
export function relabel(value: unknown, labels: Map<string, string>): unknown {
  return JSON.parse(JSON.stringify(value ?? null).replace(UUID, (id) => labels.get(id) ?? '?'));
}

/** What a caller sees of an outcome, ids relabelled. */
export function outcomeView(o: GateOutcome, labels: Map<string, string>): unknown {
  const r = o.record;
  return relabel({
    status: o.status, decision: o.decision, reason: o.reason, code: o.code, policyMatched: o.policyMatched, duplicateOf: o.duplicateOf,
    flags: o.flags, redactions: o.redactions,
    record: r && { id: r.id, version: r.version, status: r.status, type: r.type, scope: r.scope, content: r.content, tags: r.tags, metadata: r.metadata },
  }, labels);
}

/** Every row the gate wrote that a sequence determines (no times, no request ids), relabelled and sorted. */
export async function storeRows(db: Kysely<any>, labels: Map<string, string>): Promise<Record<string, unknown[]>> {
  const tables = {
    memories: sql`SELECT id, version, type, scope, status, content, tags, metadata, confidence, content_hash, superseded_by FROM memories`,
    versions: sql`SELECT id, version, type, scope, status, content, tags, metadata, content_hash FROM memory_versions`,
    edges: sql`SELECT src_id, dst_id, kind, weight FROM memory_edges`,
    requests: sql`SELECT operation, payload, scope, requested_by, status, decision, reason, policy_matched, reviewer, target_id, result_id, result_version FROM gate_requests`,
    audit: sql`SELECT action, decision, reason, policy_matched, reviewer, memory_id, memory_version FROM gate_audit`,
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(tables)) {
    const { rows } = await query.execute(db);
    out[name] = rows.map((row) => relabel(row, labels) as Record<string, unknown>).map((row) => JSON.stringify(name === 'edges' ? undirected(row) : row)).sort();
  }
  return out;
}

/**
 * A symmetric edge is stored from the smaller id to the larger (planned-edge.ts): the two stores'
 * random ids may order its ends either way, so its ends (already labelled) are compared as a set.
 */
function undirected(row: Record<string, unknown>): Record<string, unknown> {
  if (row['kind'] !== 'similar_to' && row['kind'] !== 'contradicts') return row;
  return { ...row, src_id: 'either', dst_id: 'either', ends: [String(row['src_id']), String(row['dst_id'])].sort() };
}
