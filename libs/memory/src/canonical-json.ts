/**
 * JSON with object keys sorted, so equal values give equal text whatever their key order: jsonb
 * reorders keys (an imported or unchanged version must still compare equal), and ids derived from
 * a payload (conversation event ids) must not depend on it. Otherwise JSON.stringify's rules, so a
 * value and its jsonb round trip agree: `toJSON` is honoured (a Date is its ISO string), a key whose
 * value is `undefined` (or a function or symbol) is left out, such an array element becomes `null`,
 * and such a value on its own is `"null"`. `null` stays `null`, so `{ a: null }` differs from `{}`.
 */
export function canonicalJson(value: unknown): string {
  return encode(value) ?? 'null';
}

/** undefined when the value has no JSON form (undefined, a function, a symbol). */
function encode(value: unknown): string | undefined {
  const v = hasToJson(value) ? value.toJSON() : value;
  if (Array.isArray(v)) return `[${v.map((item) => encode(item) ?? 'null').join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const fields = Object.keys(v).sort().flatMap((key) => {
      const text = encode((v as Record<string, unknown>)[key]);
      return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
    });
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(v) as string | undefined;
}

function hasToJson(value: unknown): value is { toJSON(): unknown } {
  return value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function';
}
