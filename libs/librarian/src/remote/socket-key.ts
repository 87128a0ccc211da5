import { createHash, timingSafeEqual } from 'node:crypto';

/** A librarian key is a shared secret of at least this many characters (`openssl rand -hex 32` gives 64). */
export const MIN_KEY_LENGTH = 32;

/** Why a key cannot be used, or undefined when it can. */
export function keyProblem(key: string | undefined): string | undefined {
  if (!key) return 'no librarian key: set ENGRAM_LIBRARIAN_KEY (e.g. `openssl rand -hex 32`) for the librarian and every process that talks to it';
  if (key.length < MIN_KEY_LENGTH) return `the librarian key has ${key.length} characters; it needs at least ${MIN_KEY_LENGTH}`;
  return undefined;
}

/**
 * Compares a presented bearer token with the key in constant time: both are hashed first, so
 * neither their contents nor their lengths leak through the comparison's timing.
 */
export function keyMatches(presented: string | undefined, key: string): boolean {
  if (presented === undefined) return false;
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(key));
}
