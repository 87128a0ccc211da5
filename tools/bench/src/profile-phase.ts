// Where the time of one gate.submit goes (native Postgres, one request at a time): each SQL
// statement the gate runs, timed by kysely's query log on a dedicated one-connection pool, plus
// the pure-JS Layer 1 steps (zod parse, secret/PII scan) timed on the same requests.
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { createGate, parseWriteRequest, scanValue } from '@engram/librarian';
import { createTypeRegistry } from '@engram/memory';
import { memoryAt } from './corpus.js';
import { since } from './stats.js';

/** Per-statement totals and the per-request breakdown. */
export interface GateProfile {
  requests: number;
  msPerRequest: number;
  sqlMsPerRequest: number;
  statementsPerRequest: number;
  statements: { sql: string; calls: number; msPerRequest: number }[];
  layer1JsMsPerRequest: { parse: number; scan: number };
}

function statementKey(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const from = flat.indexOf(' from ');
  // Selects differ by table and WHERE clause, not by their (long) column lists.
  if (/^select/i.test(flat) && from > 0) return `select … ${flat.slice(from + 1).replace(/\$\d+/g, '?')}`.slice(0, 150);
  return flat.slice(0, 60);
}

/** Profiles `count` sequential submits of corpus memories [from, from + count) on the DB at `url`. */
export async function profileGate(url: string, seed: number, from: number, count: number): Promise<GateProfile> {
  const byKey = new Map<string, { calls: number; ms: number }>();
  const log = (event: LogEvent) => {
    const key = statementKey(event.query.sql);
    const s = byKey.get(key) ?? { calls: 0, ms: 0 };
    s.calls += 1;
    s.ms += event.queryDurationMillis;
    byKey.set(key, s);
  };
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }), log });
  const gate = createGate({ db, registry: createTypeRegistry(), limits: { rate: { capacity: 1e9, refillPerSecond: 1e9 } } });
  const start = performance.now();
  try {
    for (let i = from; i < from + count; i++) {
      await gate.submit({ op: 'create', ...memoryAt(seed, i) }, { id: `agent-${i % 7}`, kind: 'agent' });
    }
  } finally {
    await db.destroy();
  }
  const total = since(start);
  const stmts = [...byKey.entries()].sort((a, b) => b[1].ms - a[1].ms);
  const sqlMs = stmts.reduce((a, [, s]) => a + s.ms, 0);
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    requests: count,
    msPerRequest: r(total / count),
    sqlMsPerRequest: r(sqlMs / count),
    statementsPerRequest: r(stmts.reduce((a, [, s]) => a + s.calls, 0) / count),
    statements: stmts.map(([sql, s]) => ({ sql, calls: s.calls, msPerRequest: r(s.ms / count) })),
    layer1JsMsPerRequest: layer1Cost(seed, from, count),
  };
}

function layer1Cost(seed: number, from: number, count: number): { parse: number; scan: number } {
  const inputs = Array.from({ length: count }, (_, k) => ({ op: 'create' as const, ...memoryAt(seed, from + k) }));
  let t = performance.now();
  const parsed = inputs.map((x) => parseWriteRequest(x));
  const parse = since(t) / count;
  t = performance.now();
  for (const p of parsed) if (p.ok) scanValue(p.request);
  const scan = since(t) / count;
  return { parse: Math.round(parse * 1000) / 1000, scan: Math.round(scan * 1000) / 1000 };
}
