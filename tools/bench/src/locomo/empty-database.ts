// An empty native database for the real-conversation benchmark: the MCP server under test applies
// its own migrations, so a build of another commit (`--server`) finds the schema it expects.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '@engram/infra';
import { serverUrl, withAdmin } from '../databases.js';

export interface EmptyDatabase {
  readonly url: string;
  /** Opens the polling handle (call once the server has migrated). */
  open(): Promise<void>;
  db(): Kysely<unknown>;
  destroy(): Promise<void>;
}

/**
 * `reuse`: an existing database (a run kept under the name `keep`) whose conversations are already ingested,
 * so search changes can be measured without ingesting and embedding again. `keep`: not dropped.
 */
export async function createEmptyNativeDatabase(opts: { reuse?: string; keep?: string } = {}): Promise<EmptyDatabase> {
  const name = opts.reuse ?? opts.keep ?? `engram_bench_${randomBytes(5).toString('hex')}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  if (!opts.reuse) await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  let handle: DatabaseHandle | undefined;
  return {
    url: url.toString(),
    async open() {
      handle = await openDatabase({ databaseUrl: url.toString(), home: '/nonexistent', poolSize: 2 });
    },
    db() {
      if (!handle) throw new Error('database not opened');
      return handle.db as unknown as Kysely<unknown>;
    },
    async destroy() {
      await handle?.close().catch(() => undefined);
      if (opts.keep || opts.reuse) return void process.stderr.write(`kept database ${name}\n`);
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
