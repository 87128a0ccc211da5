import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ChangeResult } from '@engram/agents';
import { EXIT, toExit } from '../errors/to-exit-code.js';
import type { ImportCheckpoint } from './import-checkpoint.js';

type Counts = ImportCheckpoint['counts'];

/** What one import run needs: the lines' destination and where to report. */
export interface ImportRunOptions {
  file: string;
  /** Resume after this point (a checkpoint), or from the start. */
  from?: Pick<ImportCheckpoint, 'line' | 'bytes' | 'counts'>;
  concurrency: number;
  importLine(text: string, line: number): Promise<ChangeResult>;
  onProgress(done: { line: number; bytes: number; counts: Counts }): void;
  /** Called at most every `checkpointMs` with the contiguous point every line before is done. */
  checkpoint(done: { line: number; bytes: number; counts: Counts }): void;
  checkpointMs?: number;
}

function kindOf(r: ChangeResult): keyof Counts {
  return r.gateStatus === 'committed' ? 'imported' : r.gateStatus === 'noop' ? 'unchanged' : r.status === 'pending' ? 'pending' : 'rejected';
}

/**
 * Streams the file's lines into `importLine` with up to `concurrency` in flight (the gate commits
 * concurrent imports in groups). The checkpoint is the highest line below which every line has
 * finished, so a crash re-imports at most the lines that were in flight (a no-op for the gate).
 * A failure that is not the line's (the database, its permissions, the librarian, the config: exit
 * code 5 or 6) stops the run: no line after it is sent, the checkpoint is saved where every earlier line
 * is done, and the error is thrown, so a re-run resumes there instead of reporting every line of
 * the file as rejected.
 */
export async function runImport(o: ImportRunOptions): Promise<{ lines: number; counts: Counts; rejectedLines: string[] }> {
  const mark = new Watermark(o);
  const rejectedLines: string[] = [];
  const input = createReadStream(o.file, { encoding: 'utf8', start: o.from?.bytes ?? 0 });
  let line = mark.line;
  let bytes = mark.bytes;
  const inFlight = new Set<Promise<void>>();
  let fatal: unknown;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line += 1;
    bytes += Buffer.byteLength(text) + 1;
    const n = line;
    const end = bytes;
    if (text.trim() === '') {
      mark.finish(n, end);
      continue;
    }
    let kind: keyof Counts = 'rejected';
    const task = o.importLine(text, n).then((r) => {
      kind = kindOf(r);
      if (r.status === 'rejected') rejectedLines.push(`line ${n}: ${r.reason}`);
    }, (err: unknown) => {
      if (notTheLines(err)) fatal ??= err;
      else rejectedLines.push(`line ${n}: ${err instanceof Error ? err.message : String(err)}`);
    }).finally(() => {
      inFlight.delete(task);
      if (fatal !== undefined) return;
      mark.finish(n, end, kind);
      o.onProgress({ line: n, bytes: end, counts: mark.counts });
    });
    inFlight.add(task);
    if (inFlight.size >= o.concurrency) await Promise.race(inFlight);
    if (fatal !== undefined) break;
  }
  await Promise.all(inFlight);
  if (fatal !== undefined) {
    mark.save();
    throw fatal;
  }
  mark.advance();
  return { lines: line, counts: mark.counts, rejectedLines };
}

/**
 * The highest line below which every line has finished, with the counts of those lines: an
 * outcome counts once every line before it is done too, so the counts in a checkpoint never
 * include a line the resumed run will do again. Saved at most every `checkpointMs`.
 */
class Watermark {
  readonly counts: Counts;
  private readonly finished = new Map<number, { end: number; kind?: keyof Counts }>();
  private at: { line: number; bytes: number };
  private lastSaved = Date.now();

  constructor(private readonly o: ImportRunOptions) {
    this.counts = { ...(o.from?.counts ?? { imported: 0, unchanged: 0, pending: 0, rejected: 0 }) };
    this.at = { line: o.from?.line ?? 0, bytes: o.from?.bytes ?? 0 };
  }

  get line(): number {
    return this.at.line;
  }

  get bytes(): number {
    return this.at.bytes;
  }

  finish(line: number, end: number, kind?: keyof Counts): void {
    this.finished.set(line, { end, ...(kind ? { kind } : {}) });
    this.advance();
  }

  advance(): void {
    for (let next = this.finished.get(this.at.line + 1); next; next = this.finished.get(this.at.line + 1)) {
      this.finished.delete(this.at.line + 1);
      if (next.kind) this.counts[next.kind] += 1;
      this.at = { line: this.at.line + 1, bytes: next.end };
    }
    if (Date.now() - this.lastSaved >= (this.o.checkpointMs ?? 1000)) this.save();
  }

  save(): void {
    this.o.checkpoint({ ...this.at, counts: { ...this.counts } });
    this.lastSaved = Date.now();
  }
}

/** The process's own condition (database, permission, librarian, config), not the line's: CLI exit 5 or 6. */
function notTheLines(err: unknown): boolean {
  const code = toExit(err).exitCode;
  return code === EXIT.database || code === EXIT.config;
}
