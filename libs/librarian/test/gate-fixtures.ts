import type { DatabaseHandle } from '@engram/infra';
import { createTypeRegistry, RecordReader } from '@engram/memory';
import { sql, type Kysely } from 'kysely';
import type { TestBackend } from '../../../tools/test/backends.js';
import { createGate, type Actor, type Gate, type GateOptions } from '../src/index.js';

export const user: Actor = { id: 'alice', kind: 'user' };
export const agent: Actor = { id: 'agent-1', kind: 'agent' };

/** A gate over a fresh database with a deterministic-enough clock. */
export function gateFor(handle: DatabaseHandle, options: Partial<GateOptions> = {}): Gate {
  return createGate({ db: handle.db, registry: createTypeRegistry(), ...options });
}

/** What a describe block's tests share; the fields are set by its `beforeAll`. */
export interface GateTestContext {
  handle: DatabaseHandle;
  gate: Gate;
  reader: RecordReader;
}

/** Opens a fresh database with a gate and a reader before the block's tests and closes it after them. */
export function useGateDatabase(backend: TestBackend): GateTestContext {
  const ctx = {} as GateTestContext;
  beforeAll(async () => {
    ctx.handle = await backend.open();
    ctx.gate = gateFor(ctx.handle);
    ctx.reader = new RecordReader(ctx.handle.db);
  });
  afterAll(() => ctx.handle.close());
  return ctx;
}

const TABLES = ['memories', 'memory_versions', 'gate_requests', 'gate_audit', 'memory_edges'] as const;
type TableName = (typeof TABLES)[number];

/** Row counts of every gate/memory table, read directly from the database. */
export async function counts(db: Kysely<any>): Promise<Record<TableName, number>> {
  const out = {} as Record<TableName, number>;
  for (const t of TABLES) {
    const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(t)}`.execute(db);
    out[t] = Number(r.rows[0]?.n);
  }
  return out;
}

/** Every text column of the memory and gate tables concatenated: for "nothing stored" checks. */
export async function everything(db: Kysely<any>): Promise<string> {
  const parts: string[] = [];
  for (const t of ['memories', 'memory_versions', 'gate_requests', 'gate_audit']) {
    const r = await sql<{ j: string }>`SELECT coalesce(string_agg(to_jsonb(x)::text, '\n'), '') AS j FROM ${sql.table(t)} x`.execute(db);
    parts.push(r.rows[0]?.j ?? '');
  }
  return parts.join('\n');
}
