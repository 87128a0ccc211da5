import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { HookIo } from '@engram/conversation';

/** Reads the last `bytes` of a file (a transcript can be megabytes; its end is what matters). */
export const nodeHookIo: HookIo = {
  readTail(path, bytes) {
    let fd: number | undefined;
    try {
      fd = openSync(path, 'r');
      const size = fstatSync(fd).size;
      const length = Math.min(size, bytes);
      const buf = Buffer.alloc(length);
      readSync(fd, buf, 0, length, size - length);
      return buf.toString('utf8');
    } catch {
      return undefined; // no transcript: the event is recorded without the assistant text
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  },
};
