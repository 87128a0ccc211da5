/*
 * Finds the object schemas in a JSON Schema that accept keys they do not declare (issue 22).
 * A tool or skill input must be closed at every nesting level: an unknown nested key (say `scope`
 * inside memory.supersede's `replacement`) would otherwise be dropped silently instead of rejected.
 */

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords whose value is one sub-schema. */
const ONE = ['items', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems', 'unevaluatedItems'];
/** Keywords whose value is a list of sub-schemas. */
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
/** Keywords whose value maps names to sub-schemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

function isObjectSchema(n: Node): boolean {
  return n.type === 'object' || (Array.isArray(n.type) && n.type.includes('object')) || 'properties' in n;
}

function children(n: Node, path: string): Array<[Node, string]> {
  const out: Array<[Node, string]> = [];
  for (const k of ONE) if (isNode(n[k])) out.push([n[k], `${path}/${k}`]);
  for (const k of LIST) if (Array.isArray(n[k])) (n[k] as unknown[]).forEach((s, i) => isNode(s) && out.push([s, `${path}/${k}/${i}`]));
  for (const k of MAP) if (isNode(n[k])) for (const [name, s] of Object.entries(n[k])) if (isNode(s)) out.push([s, `${path}/${k}/${name}`]);
  if (isNode(n.additionalProperties)) out.push([n.additionalProperties, `${path}/additionalProperties`]);
  return out;
}

/**
 * JSON pointers of every object schema under `schema` that is not closed. An object with declared
 * properties must say `additionalProperties: false`; an object without declared properties is a
 * free-form map and passes only when its pointer is listed in `allowedMaps` (e.g. `metadata`,
 * which is user data by design).
 */
export function openObjects(schema: unknown, allowedMaps: readonly string[] = []): string[] {
  const open: string[] = [];
  const walk = (n: Node, path: string) => {
    if (isObjectSchema(n)) {
      const declared = isNode(n.properties) && Object.keys(n.properties).length > 0;
      const closed = n.additionalProperties === false;
      const pointer = path || '/';
      if (declared ? !closed : !closed && !allowedMaps.includes(pointer)) open.push(pointer);
    }
    for (const [child, at] of children(n, path)) walk(child, at);
  };
  if (isNode(schema)) walk(schema, '');
  return open;
}
