/** Prints results: human-readable by default, one JSON document with `--json` (for machines). */
export interface Output {
  readonly json: boolean;
  /** `data` is printed as JSON in --json mode; otherwise `human()` (lines) is printed. */
  result(data: unknown, human: () => string | string[]): void;
  /** Progress and notes for humans: stderr, so stdout stays parseable. */
  note(message: string): void;
}

export function createOutput(json: boolean): Output {
  return {
    json,
    result(data, human) {
      const text = json ? JSON.stringify(data, null, 2) : [human()].flat().join('\n');
      process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    },
    note(message) {
      process.stderr.write(`${message}\n`);
    },
  };
}

/** A fixed-width table for human output. */
export function table(rows: readonly (readonly string[])[], header: readonly string[]): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const fmt = (r: readonly string[]) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ');
  return all.map(fmt);
}

/** Shortens long text for one-line display. */
export function clip(text: string, max = 60): string {
  const one = text.replace(/\s+/g, ' ');
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
