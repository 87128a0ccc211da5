#!/usr/bin/env node
/*
 * Hand-written mutants of the SQL functions in the migrations (issue 22). StrykerJS mutates
 * TypeScript, not the PL/pgSQL inside template strings, so each mutant here is one realistic
 * one-line bug: the script writes it into the migration source, runs the integration tests that
 * guard that function (both backends: the template database and PGlite are migrated from source),
 * and restores the file whatever happens. A mutant the tests do not fail on "survived".
 *
 *   node tools/mutation/sql-mutants.mjs            # every mutant
 *   node tools/mutation/sql-mutants.mjs forget-dup # only the named ones
 *
 *   SQL_MUTANT_TESTS=libs/infra/test/sql-guards.int-spec.ts node tools/mutation/sql-mutants.mjs touch-no-floor
 *                                                   # only these tests (a quick check of one new test)
 *
 * It edits tracked files while it runs: do not run it in a tree with unsaved work in migrations.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { SQL_MUTANTS } from './sql-mutants.list.mjs';

const JEST = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--selectProjects', 'integration', '-i', '--silent'];

function applyOnce(text, find, replace, id) {
  const at = text.indexOf(find);
  if (at < 0 || text.indexOf(find, at + 1) >= 0) throw new Error(`mutant ${id}: the text to replace must occur exactly once`);
  return text.slice(0, at) + replace + text.slice(at + find.length);
}

function runMutant(m) {
  const original = readFileSync(m.file, 'utf8');
  const restore = () => writeFileSync(m.file, original);
  process.once('SIGINT', restore);
  const started = Date.now();
  try {
    writeFileSync(m.file, applyOnce(original, m.find, m.replace, m.id));
    const tests = process.env.SQL_MUTANT_TESTS ? process.env.SQL_MUTANT_TESTS.split(',') : m.tests;
    const r = spawnSync(process.execPath, [...JEST, ...tests], { encoding: 'utf8', env: process.env });
    const summary = /Tests:.*$/m.exec(`${r.stdout}\n${r.stderr}`)?.[0] ?? 'no jest summary';
    return { id: m.id, status: r.status === 0 ? 'SURVIVED' : 'killed', seconds: Math.round((Date.now() - started) / 1000), summary };
  } finally {
    restore();
    process.removeListener('SIGINT', restore);
  }
}

const only = process.argv.slice(2);
const chosen = only.length ? SQL_MUTANTS.filter((m) => only.includes(m.id)) : SQL_MUTANTS;
if (chosen.length === 0) throw new Error(`no mutant named ${only.join(', ')}; known: ${SQL_MUTANTS.map((m) => m.id).join(', ')}`);
const results = [];
for (const m of chosen) {
  const r = runMutant(m);
  results.push(r);
  console.log(`${r.status.padEnd(8)} ${r.id.padEnd(28)} ${String(r.seconds).padStart(4)} s  ${r.summary}`);
}
const killed = results.filter((r) => r.status === 'killed').length;
console.log(`SQL mutants: ${killed}/${results.length} killed (${Math.round((100 * killed) / results.length)}%)`);
for (const r of results.filter((x) => x.status === 'SURVIVED')) {
  console.log(`survived: ${r.id}: ${SQL_MUTANTS.find((m) => m.id === r.id)?.bug}`);
}
process.exitCode = killed === results.length ? 0 : 1;
