/*
 * The wire shapes of a message's parts, read before the SDK sees a request (issue 18):
 * - v1.0 (JSON-RPC and HTTP+JSON): `message.parts` of `{ text }`, `{ data }`, `{ raw }`, `{ url }`, each with an optional `mediaType`;
 * - v0.3 JSON-RPC: `message.parts` of `{ kind: 'text' | 'data' | 'file', ... }`, files with `file.mimeType`;
 * - v0.3 HTTP+JSON (the v0.3 proto's JSON): `message.content` of `{ text }`, `{ data: { data } }`, `{ file: { mimeType, ... } }`.
 */

/** What engram reads (the card's input modes). Anything else is the protocol's ContentTypeNotSupported. */
export const ACCEPTED_MEDIA_TYPES: readonly string[] = ['text/plain', 'application/json'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A v0.3 HTTP+JSON message in the shape the other bindings use (`parts` of `{ text }` / `{ data }` /
 * `{ file }`), or a reason it cannot be one. `parts` there is not part of the v0.3 proto: the SDK
 * would drop it and run an empty message, so it is refused by name.
 */
export function legacyRestMessage(message: Record<string, unknown>): { message: Record<string, unknown> } | { problem: string } {
  if (!Array.isArray(message.content)) {
    return { problem: Array.isArray(message.parts)
      ? 'v0.3 HTTP+JSON carries the parts in message.content (message.parts is the JSON-RPC and v1.0 shape)'
      : 'message.content must be a non-empty array' };
  }
  const parts = message.content.map((p: unknown) => {
    if (!isObject(p)) return p;
    if (isObject(p.data)) return { data: p.data.data };
    return p;
  });
  return { message: { ...message, parts } };
}

function mediaTypeOf(part: Record<string, unknown>): string | undefined {
  const file = isObject(part.file) ? part.file : undefined;
  const declared = part.mediaType ?? part.mimeType ?? file?.mediaType ?? file?.mimeType;
  return typeof declared === 'string' && declared.length > 0 ? declared.split(';', 1)[0]?.trim().toLowerCase() : undefined;
}

function isFilePart(part: Record<string, unknown>): boolean {
  return part.kind === 'file' || 'file' in part || 'raw' in part || 'url' in part;
}

/**
 * Why a message's parts cannot be read, as the protocol's ContentTypeNotSupported: a file part
 * (engram stores and searches text; it neither fetches URLs nor parses documents) or a part that
 * declares a media type outside the accepted ones.
 */
export function unsupportedContent(parts: readonly unknown[]): string | undefined {
  for (const part of parts) {
    if (!isObject(part)) continue;
    const media = mediaTypeOf(part);
    if (isFilePart(part)) {
      return `file parts${media ? ` (${media})` : ''} are not supported: engram reads text and data parts (${ACCEPTED_MEDIA_TYPES.join(', ')})`;
    }
    if (media !== undefined && !ACCEPTED_MEDIA_TYPES.includes(media)) {
      return `media type ${media} is not supported: engram reads ${ACCEPTED_MEDIA_TYPES.join(', ')}`;
    }
  }
  return undefined;
}
