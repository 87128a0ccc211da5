import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { lifecycleFromSettings } from '@engram/lifecycle';
import { ConfigError, openDatabase, prepareSchema, type DatabaseHandle, type EngramConfig } from '@engram/infra';
import { librarianKeyProblem, loadPolicy, startLibrarianServer } from '@engram/librarian';
import { createTypeRegistry } from '@engram/memory';
import { sql } from 'kysely';
import { localGates } from './compose-gates.js';
import { composeRateLimiter } from './identity.js';

/** A running librarian process (ADR-0047). */
export interface LibrarianRuntime {
  readonly socketPath: string;
  /** The database login it decides under. */
  readonly login: string;
  close(): Promise<void>;
}

/** The socket a librarian listens on: the configured one, else `librarian.sock` in the home. */
export function librarianSocketOf(config: EngramConfig): string {
  return config.librarianSocket ?? join(config.home, 'librarian.sock');
}

/**
 * The librarian (ADR-0047): opens the database as its own login, composes the agents' and the
 * sweeper's gates here (policy, type registry, shared rate limits) and serves them on the socket.
 * It refuses to start on a login that may not commit (the service login, or a database whose
 * split migration has not run), and without a key, so a misconfigured split fails at once, not
 * on the first write.
 */
export async function startLibrarian(config: EngramConfig, log: (message: string) => void): Promise<LibrarianRuntime> {
  const keyProblem = librarianKeyProblem(config.librarianKey);
  if (keyProblem) throw new ConfigError(keyProblem);
  const socketPath = librarianSocketOf(config);
  mkdirSync(dirname(socketPath), { recursive: true, mode: 0o700 });
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: config.databaseUrl, home: config.home });
  try {
    await prepareSchema(handle);
    const login = await mayCommit(handle);
    const policy = await loadPolicy(existsSync(config.policyFile) ? { path: config.policyFile } : {});
    const registry = createTypeRegistry(lifecycleFromSettings(config.lifecycle).typeOverrides);
    const limits = composeRateLimiter(config, handle.db, log);
    // This process decides: its gates are local (the socket in the config is the one it serves).
    const gates = localGates(config, handle.db, { registry, policy, rateLimiter: limits.limiter });
    const server = await startLibrarianServer({ gates, socketPath, key: config.librarianKey as string, log });
    return {
      socketPath, login,
      async close() {
        await server.close();
        await limits.stop();
        await handle.close();
      },
    };
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

/** The login's name, once it is known to hold the commit functions (native Postgres; PGlite has one user, who may). */
async function mayCommit(handle: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ login: string; may: boolean }>`
    SELECT current_user AS login, has_function_privilege('engram_log_request(jsonb)', 'EXECUTE') AS may`.execute(handle.db);
  const row = rows[0];
  if (!row?.may) {
    throw new ConfigError(
      `the login ${row?.login ?? '?'} may not commit gate requests: run the librarian as a login of engram_librarian ` +
        '(docs/runbook.md, "The librarian"), after `engram migrate` as the owner',
    );
  }
  return row.login;
}
