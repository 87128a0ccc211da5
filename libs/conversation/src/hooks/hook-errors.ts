import { InvalidEventError } from '@engram/memory';

/** The hook input is not a JSON object of a known agent's hook format. */
export class MalformedHookPayloadError extends InvalidEventError {
  override readonly name = 'MalformedHookPayloadError';
}

/** A well-formed payload of an event this adapter does not record (a newer agent, a typo). */
export class UnknownHookEventError extends InvalidEventError {
  override readonly name = 'UnknownHookEventError';
  constructor(readonly agent: string, readonly hookEvent: string, known: readonly string[]) {
    super(`unknown ${agent} hook event "${hookEvent}" (known: ${known.join(', ')})`);
  }
}
