import { ConversationError } from '../errors.js';

/** The hook input is not a JSON object of a known agent's hook format. */
export class MalformedHookPayloadError extends ConversationError {
  override readonly name = 'MalformedHookPayloadError';
  readonly code = 'INVALID_EVENT' as const;
}

/** A well-formed payload of an event this adapter does not record (a newer agent, a typo). */
export class UnknownHookEventError extends ConversationError {
  override readonly name = 'UnknownHookEventError';
  readonly code = 'INVALID_EVENT' as const;
  constructor(readonly agent: string, readonly hookEvent: string, known: readonly string[]) {
    super(`unknown ${agent} hook event "${hookEvent}" (known: ${known.join(', ')})`);
  }
}
