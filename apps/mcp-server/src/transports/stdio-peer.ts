/** What the stdio server watches for: its client's end of stdout or stderr is gone. */
export interface StdioPeerWatch {
  /** Resolves (with the error code, e.g. EPIPE) the first time stdout or stderr fails to write. */
  readonly gone: Promise<string>;
  /** Whether the peer is already gone. */
  isGone(): boolean;
}

/**
 * Makes a failed write on stdout or stderr an orderly end of the session instead of a crash.
 *
 * A client that gives up (a timed-out `initialize`, a killed agent) closes its pipes while the server
 * may still be starting; the server's next answer or log line then fails with EPIPE, which Node
 * emits as an 'error' event on process.stdout / process.stderr. With no listener that event is an
 * uncaught exception: the process died noisily mid-shutdown (CI's Inspector step, issue 39). The
 * listeners stay installed, so writes after the first failure (late log lines) are dropped quietly.
 */
export function watchStdioPeer(streams: NodeJS.WritableStream[] = [process.stdout, process.stderr]): StdioPeerWatch {
  let goneCode: string | undefined;
  let resolveGone: (code: string) => void = () => undefined;
  const gone = new Promise<string>((resolve) => (resolveGone = resolve));
  const onError = (err: NodeJS.ErrnoException) => {
    if (goneCode !== undefined) return;
    goneCode = err.code ?? 'write error';
    resolveGone(goneCode);
  };
  for (const stream of streams) stream.on('error', onError);
  return { gone, isGone: () => goneCode !== undefined };
}
