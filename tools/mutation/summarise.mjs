#!/usr/bin/env node
/*
 * Summarises StrykerJS JSON reports (reports/mutation/<area>.json) for docs/quality.md: the score
 * per file (detected = killed + timed out, over everything but compile errors) and each mutant
 * that survived or timed out, with its line and replacement.
 * The score over the mutants some unit test reached is printed too, labelled as such: it is not
 * the area's score. No-coverage mutants are listed only with --nocov.
 *   node tools/mutation/summarise.mjs [--nocov] reports/mutation/lifecycle.json [more.json…]
 * With --combine, the reports are one area scored over two tiers, and one total is printed: a
 * mutant (same place, mutator and replacement) counts as detected when either tier detected it,
 * since `npm test` runs both tiers (a unit spec of a pure stage and the integration spec of the
 * query beside it judge the same file).
 *   node tools/mutation/summarise.mjs --combine reports/mutation/memory.json reports/mutation/memory-int.json
 * A mutant only one report holds (a partial integration run) keeps that report's verdict, so a
 * DB-bound mutant a stopped run did not reach stays "no coverage", i.e. not detected.
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const listNoCoverage = args.includes('--nocov');
const paths = args.filter((a) => !a.startsWith('--'));
const pct = (part, whole) => `${(100 * part / whole).toFixed(2)}%`;
const reports = paths.map((path) => ({ path, report: JSON.parse(readFileSync(path, 'utf8')) }));
// Best verdict first: a mutant any tier detected is detected.
const RANK = { Killed: 0, Timeout: 1, Survived: 2, NoCoverage: 3 };
const keyOf = (m) => `${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}:${m.mutatorName}:${m.replacement ?? ''}`;
function mergeFile(earlier, later) {
  if (!earlier) return later;
  const byKey = new Map(earlier.mutants.map((m) => [keyOf(m), m]));
  for (const m of later.mutants) {
    const prior = byKey.get(keyOf(m));
    if (!prior || (RANK[m.status] ?? 9) < (RANK[prior.status] ?? 9)) byKey.set(keyOf(m), m);
  }
  return { ...later, mutants: [...byKey.values()] };
}
function combine() {
  const combined = { files: {} };
  for (const { report } of reports) {
    for (const [file, data] of Object.entries(report.files)) combined.files[file] = mergeFile(combined.files[file], data);
  }
  return combined;
}
const toScore = args.includes('--combine') ? [{ path: `combined ${paths.join(' + ')}`, report: combine() }] : reports;
for (const { path, report } of toScore) {
  const all = { killed: 0, timeout: 0, survived: 0, nocov: 0 };
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const n = { killed: 0, timeout: 0, survived: 0, nocov: 0 };
    for (const m of mutants) {
      const key = { Killed: 'killed', Timeout: 'timeout', Survived: 'survived', NoCoverage: 'nocov' }[m.status];
      if (key) n[key] += 1;
      if (m.status !== 'Killed' && key && (listNoCoverage || key !== 'nocov')) {
        console.log(`  ${m.status.padEnd(10)} ${file}:${m.location.start.line} ${m.mutatorName}: ${String(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 90)}`);
      }
    }
    for (const k of Object.keys(all)) all[k] += n[k];
    const total = n.killed + n.timeout + n.survived + n.nocov;
    console.log(`${file}: ${(100 * (n.killed + n.timeout) / total).toFixed(2)}% (${n.killed} killed, ${n.timeout} timeout, ${n.survived} survived, ${n.nocov} no coverage)`);
  }
  const total = all.killed + all.timeout + all.survived + all.nocov;
  const detected = all.killed + all.timeout;
  console.log(`${path}: ${pct(detected, total)} of ${total} mutants (${all.killed} killed, ${all.timeout} timeout, ${all.survived} survived, ${all.nocov} no coverage); ` +
    `${pct(detected, total - all.nocov)} of the ${total - all.nocov} a test reached`);
}
