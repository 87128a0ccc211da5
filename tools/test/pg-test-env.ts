// Names shared by the jest global setup, teardown and the per-file backends.
import { randomBytes } from 'node:crypto';

/** Server URL of the native test Postgres (any database on it; the path is replaced). */
export function testServerUrl(): string {
  return process.env['ENGRAM_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The same server, database `name`. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * One id per jest run, set by the global setup and inherited by the workers, so concurrent runs
 * (a developer and CI on one machine) never share or drop each other's databases.
 */
export function testRunId(): string {
  const id = process.env['ENGRAM_TEST_RUN_ID'];
  if (!id) throw new Error('ENGRAM_TEST_RUN_ID is unset: run integration tests through jest (globalSetup)');
  return id;
}

export function newRunId(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export function templateName(runId: string): string {
  return `engram_template_${runId}`;
}

/** Prefix of every per-test database of a run; the teardown drops them all. */
export function testDbPrefix(runId: string): string {
  return `engram_t_${runId}_`;
}
