import type { AgentsErrorCode } from '@engram/agents';
import type { ConversationErrorCode } from '@engram/conversation';
import type { InfraErrorCode } from '@engram/infra';
import type { LibrarianErrorCode } from '@engram/librarian';
import type { LifecycleErrorCode } from '@engram/lifecycle';
import type { MemoryErrorCode } from '@engram/memory';
import type { RetrievalErrorCode } from '@engram/retrieval';

/**
 * The error catalogue: every code a lib's coded error may carry. Each lib declares its own codes
 * next to its error classes; this is their union, nothing typed by hand (ADR-0037).
 */
export type ErrorCode =
  | InfraErrorCode | MemoryErrorCode | LibrarianErrorCode | RetrievalErrorCode | ConversationErrorCode | LifecycleErrorCode | AgentsErrorCode;

/**
 * What one app makes of every catalogued code (plus codes of its own, `Extra`). A `Record`, so an
 * app's mapping stops compiling the moment a lib adds a code it does not map.
 */
export type ErrorMapping<T, Extra extends string = never> = Readonly<Record<ErrorCode | Extra, T>>;
