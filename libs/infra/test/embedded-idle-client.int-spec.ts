import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@engram/infra';

/*
 * Issue 36 T3-18: one idle client on the embedded database's socket froze every tool call and
 * /health until it disconnected (the turn was the whole connection). Now a client that has said
 * nothing never gets the turn, and a holder quiet for IDLE_TURN_MS (1 s; HOLD_IDLE_MS, 5 s, in a
 * transaction) while others wait is disconnected.
 */
const socketDirOf = (home: string) => home;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

describe('an idle client on the embedded socket', () => {
  let home: string;
  let handle: DatabaseHandle;
  const others: { end(): Promise<unknown> | void }[] = [];

  beforeAll(async () => {
    home = path.join(mkdtempSync(path.join(os.tmpdir(), 'engram-idle-')), 'home');
    handle = await openDatabase({ home });
    await sql`CREATE TABLE idle_probe (n int)`.execute(handle.db);
  });

  afterAll(async () => {
    for (const o of others) await o.end();
    await handle.close();
  });

  const client = async () => {
    const c = new pg.Client({ host: socketDirOf(home), port: 5432, user: 'postgres', database: 'postgres' });
    c.on('error', () => {});
    await c.connect();
    others.push(c);
    return c;
  };

  it('T3-18 a connected, silent psql-like client does not stall the server\'s queries', async () => {
    const idle = await client();
    await idle.query('SELECT 1'); // it has used its connection once and now sits idle
    const bare = net.connect(path.join(home, '.s.PGSQL.5432')); // connected, never speaks
    others.push({ end: () => void bare.destroy() });
    const half = net.connect(path.join(home, '.s.PGSQL.5432'), () => half.write(Buffer.from([0, 0, 0, 40, 0, 3]))); // half a startup packet
    others.push({ end: () => void half.destroy() });
    await new Promise((r) => setTimeout(r, 200));
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { ms } = await timed(() => handle.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO idle_probe VALUES (${i})`.execute(trx);
        return sql`SELECT count(*)::int AS n FROM idle_probe`.execute(trx);
      }));
      times.push(ms);
    }
    // The first waits for the idle holder to lose the turn (1 s quiet), the others not at all.
    expect(Math.max(...times)).toBeLessThan(2_500);
    expect(times.slice(1).every((ms) => ms < 500)).toBe(true);
    // The idle client lost its connection; a new one is served.
    await expect(idle.query('SELECT 1')).rejects.toThrow();
    const again = await client();
    const { rows } = await again.query<{ n: number }>('SELECT count(*)::int AS n FROM idle_probe');
    expect(rows[0]?.n).toBe(5);
  });

  it('T3-18 a client idle inside a transaction is disconnected after the hold limit and its writes rolled back', async () => {
    const holder = await client();
    await holder.query('BEGIN');
    await holder.query('INSERT INTO idle_probe VALUES (-1)');
    const { ms, value } = await timed(() => sql<{ n: number }>`SELECT count(*)::int AS n FROM idle_probe WHERE n = -1`.execute(handle.db));
    expect(value.rows[0]?.n).toBe(0);
    expect(ms).toBeGreaterThan(4_000); // it had HOLD_IDLE_MS (5 s) to go on
    expect(ms).toBeLessThan(15_000);
    await expect(holder.query('COMMIT')).rejects.toThrow();
  });
});
