import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** How far an `engram import` of one file got: every line up to `line` (ending at byte `bytes`) is done. */
export interface ImportCheckpoint {
  file: string;
  size: number;
  mtimeMs: number;
  line: number;
  bytes: number;
  counts: { imported: number; unchanged: number; pending: number; rejected: number };
}

/**
 * Checkpoints of interrupted imports, in `$ENGRAM_HOME/import-checkpoints/` (one per input file,
 * named by its absolute path). A checkpoint is used only while the file is unchanged (size and
 * modification time); re-importing a line is a no-op anyway, so a stale or lost checkpoint costs
 * time, never correctness.
 */
export class CheckpointFile {
  private readonly path: string;
  private readonly id: { file: string; size: number; mtimeMs: number };

  constructor(home: string, file: string) {
    const abs = resolve(file);
    const st = statSync(abs);
    this.id = { file: abs, size: st.size, mtimeMs: Math.floor(st.mtimeMs) };
    const dir = join(home, 'import-checkpoints');
    mkdirSync(dir, { recursive: true });
    this.path = join(dir, `${createHash('sha256').update(abs).digest('hex').slice(0, 16)}.json`);
  }

  /** The checkpoint of an earlier run on this same file, if any. */
  load(): ImportCheckpoint | undefined {
    try {
      const cp = JSON.parse(readFileSync(this.path, 'utf8')) as ImportCheckpoint;
      return cp.file === this.id.file && cp.size === this.id.size && cp.mtimeMs === this.id.mtimeMs ? cp : undefined;
    } catch {
      return undefined;
    }
  }

  /** Atomically replaces the checkpoint (write, then rename). */
  save(progress: Pick<ImportCheckpoint, 'line' | 'bytes' | 'counts'>): void {
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify({ ...this.id, ...progress }));
    renameSync(tmp, this.path);
  }

  clear(): void {
    rmSync(this.path, { force: true });
  }
}
