import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { redactSensitive } from '@engram/memory';
import { InvalidEventError } from '../errors.js';
import type { AppendResult } from '../log/event-log.repository.js';
import type { NewConversationEvent } from '../log/event-model.js';

/*
 * The hook's safety net (ADR-0012): when the database cannot take the events, they are appended
 * to a JSONL file under ENGRAM_HOME and fsync'd before the hook exits, and the next hook call that
 * reaches the database (or the MCP server at start-up) drains them. Event ids are idempotency keys,
 * so delivering a spooled event twice (a drain that died half-way) stores it once.
 */

const ACTIVE = 'hook-events.jsonl';
const DRAINING = /^draining-.*\.jsonl$/;
const REJECTED = 'rejected.jsonl';

export const spoolDirOf = (home: string) => path.join(home, 'spool');

function appendDurably(file: string, lines: string[]): void {
  const fd = openSync(file, 'a', 0o600);
  try {
    // One write per call: O_APPEND keeps concurrent hooks' lines whole.
    writeSync(fd, lines.map((l) => `${l}\n`).join(''));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Appends events to the spool and fsyncs them: once this returns, they survive a crash. Text and
 * metadata are redacted first, as the log would store them: the spool kept raw tokens while the
 * database was down (issue 36 T3-21). The event id was derived before, so it does not change.
 */
export function spoolEvents(home: string, events: readonly NewConversationEvent[]): string {
  const dir = spoolDirOf(home);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, ACTIVE);
  appendDurably(file, events.map((e) => JSON.stringify({ ...e, text: redactSensitive(e.text), metadata: redactSensitive(e.metadata), ts: e.ts.toISOString() })));
  return file;
}

/** Number of spooled events waiting (status, tests). */
export function spooledCount(home: string): number {
  return spoolFiles(home).reduce((n, f) => n + readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).length, 0);
}

function spoolFiles(home: string): string[] {
  const dir = spoolDirOf(home);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => n === ACTIVE || DRAINING.test(n)).sort().map((n) => path.join(dir, n));
}

function parseLine(line: string): NewConversationEvent | undefined {
  try {
    const raw = JSON.parse(line) as NewConversationEvent & { ts: string };
    const ts = new Date(raw.ts);
    if (!raw.eventId || Number.isNaN(ts.getTime())) return undefined;
    return { ...raw, ts };
  } catch {
    return undefined; // a torn line from a crash mid-write was never acknowledged
  }
}

export interface DrainReport {
  files: number;
  events: number;
  inserted: number;
  duplicates: number;
  rejected: number;
}

type Append = (events: NewConversationEvent[]) => Promise<AppendResult>;

/** Appends a file's events; events the log refuses go to rejected.jsonl instead of blocking the spool. */
async function deliver(append: Append, events: NewConversationEvent[], rejectedFile: string, report: DrainReport): Promise<void> {
  try {
    const r = await append(events);
    report.inserted += r.inserted;
    report.duplicates += r.duplicates;
  } catch (error) {
    if (!(error instanceof InvalidEventError)) throw error;
    for (const e of events) {
      try {
        const r = await append([e]);
        report.inserted += r.inserted;
        report.duplicates += r.duplicates;
      } catch (inner) {
        if (!(inner instanceof InvalidEventError)) throw inner;
        appendDurably(rejectedFile, [JSON.stringify({ error: inner.message, event: { ...e, ts: e.ts.toISOString() } })]);
        report.rejected++;
      }
    }
  }
}

/**
 * Delivers every spooled event. The active file is first renamed aside (new hooks start a fresh
 * one), then each aside file is appended and removed; a failure leaves it for the next drain.
 */
export async function drainSpool(home: string, append: Append): Promise<DrainReport> {
  const dir = spoolDirOf(home);
  const report: DrainReport = { files: 0, events: 0, inserted: 0, duplicates: 0, rejected: 0 };
  for (const file of spoolFiles(home)) {
    let target = file;
    if (path.basename(file) === ACTIVE) {
      target = path.join(dir, `draining-${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.jsonl`);
      try {
        renameSync(file, target);
      } catch {
        continue; // another drainer took it
      }
    }
    let text: string;
    try {
      text = readFileSync(target, 'utf8');
    } catch {
      continue; // another drainer finished it
    }
    const lines = text.split('\n').filter((l) => l.trim());
    const events = lines.map(parseLine).filter((e): e is NewConversationEvent => e !== undefined);
    report.rejected += lines.length - events.length;
    if (events.length > 0) await deliver(append, events, path.join(dir, REJECTED), report);
    report.files++;
    report.events += events.length;
    try {
      unlinkSync(target);
    } catch {
      // already removed by a concurrent drainer: its events were delivered (idempotently) too
    }
  }
  return report;
}
