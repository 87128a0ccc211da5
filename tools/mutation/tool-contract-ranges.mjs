/*
 * The public contract of each MCP tool file, as StrykerJS mutation ranges (issue 22, ADR-0028
 * amendment 3). A tool file holds two things: the definition clients see in tools/list (name,
 * title, description, input schema, read-only hint) and a handler (one call into the service and
 * a render), which only the e2e tier runs. The mcp-schemas area measures the first; mutating the
 * handlers there would only add "no coverage" mutants that no unit test can reach.
 *
 * Parsed, not hand-listed, so a new tool or a moved line needs no edit here. In each
 * `*.tool.ts` file the ranges are:
 * - every property of the `defineTool({...})` object except `handler` and `uses` (the capability
 *   the handler's service is cut to, ADR-0037: handler plumbing, not something a client sees);
 * - every other top-level `const` that is not a function (shared schema parts such as
 *   `const eventSchema = z.object(...)` or the field list a `.refine` checks).
 * Render helpers declared as functions, imports and types are left out.
 * A range is `path:line:column-line:column` (lines from 1, columns from 0: Stryker's format).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Definition properties that are not the tool's public contract. */
const NOT_CONTRACT = new Set(['handler', 'uses']);

function rangeOf(file, source, node) {
  const start = source.getLineAndCharacterOfPosition(node.getStart(source));
  const end = source.getLineAndCharacterOfPosition(node.getEnd());
  return `${file}:${start.line + 1}:${start.character}-${end.line + 1}:${end.character}`;
}

const isFunction = (node) => node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));
const isDefineTool = (node) => node && ts.isCallExpression(node) && node.expression.getText() === 'defineTool';

/** The contract parts of one tool file as mutation ranges. */
export function toolContractRanges(file, text = readFileSync(path.join(ROOT, file), 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const parts = [];
  let definitions = 0;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (isDefineTool(init)) {
        definitions += 1;
        const [definition] = init.arguments;
        if (!definition || !ts.isObjectLiteralExpression(definition)) throw new Error(`${file}: defineTool() without an object literal`);
        parts.push(...definition.properties.filter((p) => !NOT_CONTRACT.has(p.name?.getText(source))));
      } else if (!isFunction(init)) {
        parts.push(declaration);
      }
    }
  }
  // A tool file whose definition is not found would silently drop out of the area.
  if (definitions !== 1) throw new Error(`${file}: expected one defineTool({...}) declaration, found ${definitions}`);
  return parts.map((node) => rangeOf(file, source, node));
}

/** The ranges of every `*.tool.ts` file in `dir` (a path relative to the repository root). */
export function toolContractRangesIn(dir) {
  return readdirSync(path.join(ROOT, dir))
    .filter((name) => name.endsWith('.tool.ts'))
    .sort()
    .flatMap((name) => toolContractRanges(path.posix.join(dir, name)));
}
