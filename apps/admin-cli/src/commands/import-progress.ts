import { Presets, SingleBar } from 'cli-progress';

/** Where `engram import` reports progress (stderr), and whether it is a terminal. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Options of {@link createImportProgress}. */
export interface ImportProgressOptions {
  /** The file's size in bytes (the bar's 100 %). */
  size: number;
  /** Where a resumed run starts. */
  from?: { line: number; bytes: number };
  /** Without a terminal: a line after this many more records (default 1,000)... */
  everyRecords?: number;
  /** ...or once this long has passed since the last line, whichever comes first (default 10 s). */
  everyMs?: number;
  now?: () => number;
}

/** Progress of one import: `update` after each finished record, `stop` at the end. */
export interface ImportProgress {
  update(done: { line: number; bytes: number }): void;
  stop(): void;
}

/**
 * A progress bar on a terminal; plain lines otherwise. The bar redraws one line with cursor codes,
 * so cli-progress prints nothing at all when stderr is a file or a pipe: an import logged by a
 * script or a CI job stayed silent until its last line (issue 39). Lines go out every
 * `everyRecords` records or `everyMs`, whichever comes first, and once at the end.
 */
export function createImportProgress(stream: ProgressStream, options: ImportProgressOptions): ImportProgress {
  const now = options.now ?? Date.now;
  const started = now();
  const fromLine = options.from?.line ?? 0;
  const rate = (line: number) => Math.round(((line - fromLine) * 1000) / Math.max(1, now() - started));
  const percent = (bytes: number) => (options.size > 0 ? Math.floor((Math.min(bytes, options.size) * 100) / options.size) : 100);

  if (stream.isTTY) {
    const bar = new SingleBar({ stream: stream as NodeJS.WritableStream, format: 'import [{bar}] {percentage}% | {records} records | {rate}/s | ETA {eta_formatted}', etaBuffer: 200 }, Presets.shades_classic);
    bar.start(options.size, options.from?.bytes ?? 0, { records: fromLine, rate: 0 });
    return {
      update: ({ line, bytes }) => bar.update(Math.min(bytes, options.size), { records: line, rate: rate(line) }),
      stop: () => bar.stop(),
    };
  }

  const everyRecords = Math.max(1, options.everyRecords ?? 1_000);
  const everyMs = options.everyMs ?? 10_000;
  let last = { line: fromLine, bytes: options.from?.bytes ?? 0 };
  let printedLine = fromLine;
  let printedAt = started;
  const print = (final: boolean) => {
    stream.write(`import: ${last.line} records, ${percent(last.bytes)}% of the file, ${rate(last.line)}/s${final ? ', done' : ''}\n`);
    printedLine = last.line;
    printedAt = now();
  };
  return {
    update(done) {
      // Records finish out of order (several in flight): report the furthest one.
      if (done.line > last.line) last = done;
      if (last.line - printedLine >= everyRecords || now() - printedAt >= everyMs) print(false);
    },
    stop: () => print(true),
  };
}
