import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import {
  migrateToLatest,
  openDatabase,
  openInMemoryDatabase,
  type DatabaseHandle,
} from '../../libs/infra/src/index.js';
import { selectedEngines } from './backend-selection.js';
import { templateName, testDatabaseUrl, testDbPrefix, testRunId, testServerUrl } from './pg-test-env.js';

/** One database engine the integration tests run against. */
export interface TestBackend {
  readonly name: 'postgres' | 'pglite';
  /** A FRESH, fully migrated, empty database per call; close the handle when done. */
  open(): Promise<DatabaseHandle>;
}

/** Creates an empty (unmigrated) database on the native test server and returns its URL. */
export async function createEmptyPostgresDatabase(): Promise<string> {
  return createPostgresDatabase(null);
}

async function createPostgresDatabase(template: string | null): Promise<string> {
  const name = `${testDbPrefix(testRunId())}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return testDatabaseUrl(name);
}

/** A fresh migrated native database, with its URL (for tests that connect as another role). */
export async function openPostgresTestDatabase(): Promise<{ handle: DatabaseHandle; url: string }> {
  const url = await createPostgresDatabase(templateName(testRunId()));
  return { handle: await openDatabase({ databaseUrl: url, home: '/nonexistent', poolSize: 4 }), url };
}

/** A fresh migrated native database, open as its owner and as a new login of the service role (server mode, ADR-0004). */
export interface ServiceRoleDatabase {
  owner: DatabaseHandle;
  /** One connection pool as the service login. */
  service: DatabaseHandle;
  /** One pool as a login of engram_librarian: the gate's decisions and commits run here (ADR-0047). */
  librarian: DatabaseHandle;
  /** Another pool as the same login (e.g. two workers). */
  openService(poolSize?: number): Promise<DatabaseHandle>;
  /** Closes every pool opened here and drops the login. */
  close(): Promise<void>;
}

export async function openServiceRoleDatabase(label: string): Promise<ServiceRoleDatabase> {
  const opened = await openPostgresTestDatabase();
  const owner = opened.handle;
  const tag = `${label}_${randomBytes(4).toString('hex')}`;
  const login = `engram_${tag}`;
  const librarianLogin = `engram_lib_${tag}`;
  await sql`CREATE ROLE ${sql.id(login)} LOGIN IN ROLE engram_service`.execute(owner.db);
  await sql`CREATE ROLE ${sql.id(librarianLogin)} LOGIN IN ROLE engram_librarian`.execute(owner.db);
  const pools: DatabaseHandle[] = [];
  const openAs = async (username: string, poolSize: number) => {
    const url = new URL(opened.url);
    url.username = username;
    const handle = await openDatabase({ databaseUrl: url.toString(), home: '/nonexistent', poolSize });
    pools.push(handle);
    return handle;
  };
  const openService = (poolSize = 2) => openAs(login, poolSize);
  const service = await openService();
  const librarian = await openAs(librarianLogin, 4);
  return {
    owner, service, librarian, openService,
    async close() {
      for (const p of pools) await p.close().catch(() => undefined);
      await sql`DROP ROLE IF EXISTS ${sql.id(login)}`.execute(owner.db);
      await sql`DROP ROLE IF EXISTS ${sql.id(librarianLogin)}`.execute(owner.db);
      await owner.close();
    },
  };
}

const postgres: TestBackend = {
  name: 'postgres',
  async open() {
    return (await openPostgresTestDatabase()).handle;
  },
};

const pglite: TestBackend = {
  name: 'pglite',
  async open() {
    const handle = await openInMemoryDatabase();
    await migrateToLatest(handle);
    return handle;
  },
};

const engines = selectedEngines(process.env['ENGRAM_TEST_BACKENDS']);

/**
 * Use as `describe.each(testBackends)('$name', (backend) => { ... })`. Both engines unless
 * ENGRAM_TEST_BACKENDS names fewer (the mutation tool's integration tier runs `postgres` only).
 */
export const testBackends: TestBackend[] = [postgres, pglite].filter((b) => engines.includes(b.name));

/** Where an app process under test keeps its memories: its env adds nothing (embedded PGlite) or a DATABASE_URL. */
export interface ProcessBackend {
  name: string;
  engine: 'postgres' | 'pglite';
  env(): Promise<Record<string, string | undefined>>;
}

// Embedded PGlite under the test's temp home (the default install) and native Postgres via DATABASE_URL.
export const processBackends: ProcessBackend[] = [
  { name: 'embedded PGlite', engine: 'pglite' as const, env: async () => ({}) },
  { name: 'native Postgres', engine: 'postgres' as const, env: async () => ({ DATABASE_URL: await createEmptyPostgresDatabase() }) },
].filter((b) => engines.includes(b.engine));
