/** A thrown error whose code a mapping knows: its code, message and mapped value. */
export interface MappedError<K extends string, T> {
  code: K;
  message: string;
  mapped: T;
}

/**
 * `err` as a coded error of `mapping` (an Error whose `code` is one of its keys), or undefined. The
 * apps map the error catalogue (`ErrorMapping` of @engram/runtime) with it, one lookup instead of a
 * hand-kept set of known codes per app.
 */
export function mapCodedError<K extends string, T>(err: unknown, mapping: Readonly<Record<K, T>>): MappedError<K, T> | undefined {
  if (!(err instanceof Error)) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string' || !Object.hasOwn(mapping, code)) return undefined;
  return { code: code as K, message: err.message, mapped: mapping[code as K] };
}
