import { Transform, type Readable, type Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { checkJsonShape, JsonLimitError } from '@engram/memory';

/** Longest stdio line looked at; a longer one is refused without being read as JSON. */
export const MAX_STDIO_LINE_CHARS = 4 * 1024 * 1024;

/**
 * stdin as the stdio transport should see it (issue 36 T3-19): each newline-delimited message
 * whose shape exceeds the JSON limits (or whose length exceeds MAX_STDIO_LINE_CHARS) is answered
 * with a JSON-RPC error on `stdout` and never reaches the SDK's JSON.parse and schema checks.
 */
export function limitedStdin(stdin: Readable, stdout: Writable): Readable {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  const refuse = (line: string, message: string) => {
    stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: idOf(line), error: { code: -32600, message } })}\n`);
  };
  const pass = (line: string, push: (s: string) => void) => {
    if (line.length > MAX_STDIO_LINE_CHARS) return refuse('', `message longer than ${MAX_STDIO_LINE_CHARS} characters`);
    try {
      checkJsonShape(line);
    } catch (error) {
      if (error instanceof JsonLimitError) return refuse(line, error.message);
      throw error;
    }
    push(`${line}\n`);
  };
  const filter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending += decoder.write(chunk);
      let end: number;
      while ((end = pending.indexOf('\n')) >= 0) {
        pass(pending.slice(0, end).replace(/\r$/, ''), (s) => this.push(s));
        pending = pending.slice(end + 1);
      }
      if (pending.length > MAX_STDIO_LINE_CHARS) {
        refuse('', `message longer than ${MAX_STDIO_LINE_CHARS} characters`);
        pending = '';
      }
      done();
    },
    flush(done) {
      if (pending) pass(pending, (s) => this.push(s));
      done();
    },
  });
  return stdin.pipe(filter);
}

/** The request id of a refused message, so the client can match the error; null when it cannot be read. */
function idOf(line: string): string | number | null {
  try {
    // Bounded by MAX_STDIO_LINE_CHARS and read only on refusal; nothing of it is kept but the id.
    const id = (JSON.parse(line) as { id?: unknown })?.id;
    return typeof id === 'string' || typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
