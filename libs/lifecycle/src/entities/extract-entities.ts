/*
 * Deterministic, rule-based entity extraction (seed 003 stage 1: "rule-based + heuristic", "document
 * your heuristics precisely"). No model, no network: the same text always yields the same entities.
 *
 * An entity is a lower-cased key with a kind prefix, so kinds never collide ("file:readme.md" vs
 * "name:readme"): consolidation groups memories by these keys and the decision engine counts
 * references to them. Rules, applied in this order (each consumes what it matched, so a URL's path
 * is not also read as a file path):
 *   url:    http(s) URLs → host + path, query and fragment dropped          url:example.org/docs/x
 *   pkg:    scoped packages "@scope/name", and names after install commands  pkg:@nestjs/core, pkg:zod
 *   issue:  "#123", "owner/repo#123", "GH-123", JIRA-style "ENG-42"          issue:#123, issue:eng-42
 *   user:   "@handle" mentions                                               user:alice
 *   file:   paths with a slash and names with a known file extension         file:libs/memory/src/decay.ts
 *   ident:  backticked code, camelCase, PascalCase, snake_case, calls "f()"  ident:effectiveconfidence
 *   name:   short "quoted" or 'quoted' names, Capitalised Multi Word names   name:grace hopper
 */

const MAX_TOKEN = 256;
const LONG_RUN_RE = new RegExp(`\\S{${MAX_TOKEN + 1},}`, 'g');
const TRAILING_PUNCT = /[.,;:!?)\]}'"`>]+$/;
const FILE_EXT =
  'ts|tsx|js|jsx|mjs|cjs|json|ya?ml|toml|md|mdx|txt|py|rb|go|rs|java|kt|c|h|cc|cpp|hpp|cs|php|sh|bash|sql|css|scss|html|vue|svelte|lock|env|ini|cfg|conf|xml|csv|proto|tf';
const FILE_NAME_RE = new RegExp(`^[\\w.-]*[\\w-]\\.(?:${FILE_EXT})$`, 'i');

const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const SCOPED_PKG_RE = /(?<![\w@/])@[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*/gi;
const INSTALL_RE = /\b(?:npm (?:install|i|add)|pnpm add|yarn add|pip3? install|cargo add|go get|gem install)\s+((?:[^\s;&|]+\s*)+)/gi;
const REPO_ISSUE_RE = /\b[\w.-]+\/[\w.-]+#\d+\b/g;
const ISSUE_RE = /(?<![\w&#])#\d+\b|\b(?:GH-\d+|[A-Z][A-Z0-9]{1,9}-\d+)\b/g;
const MENTION_RE = /(?<![\w.@])@[a-z][\w-]{0,38}\b/gi;
const BACKTICK_RE = /`([^`\n]{1,80})`/g;
const PATHLIKE_RE = /(?<![\w@])(?:~|\.{1,2})?\/?(?:[\w.@-]+\/)+[\w.@-]+|(?<![\w/@-])[\w.-]*[\w-]\.[a-z]{1,6}\b/gi;
const CALL_RE = /\b([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\(\)/g;
const CAMEL_RE = /\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+\b/g;
const PASCAL_RE = /\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b/g;
const SNAKE_RE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;
const QUOTED_RE = /(?<!\w)"([^"\n]{2,40})"|(?<!\w)'([^'\n]{2,40})'(?!\w)/g;
const CAPITALISED_RE = /\b[A-Z][a-z]+(?:[ \t]+(?:of[ \t]+|de[ \t]+|van[ \t]+)?[A-Z][a-z]+)+\b/g;
const IDENTIFIER_RE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?$/;

// Words that start sentences or headings; a capitalised run that begins with them is cut after them.
const LEADING_FILLER = new Set(
  'The A An This That These Those We I You He She It They Our My Your Its Their And But Or So Then When While If After Before Also Please Use Used Using Added Fixed Updated Removed Edited Ran Read Wrote Created Deleted Decided Note Todo Done Yes No Let Now'.split(' '),
);

/** Blanks a matched span so later rules do not read it again (keeps offsets stable). */
function consume(text: string, re: RegExp, onMatch: (m: RegExpExecArray) => void): string {
  return text.replace(re, (...args) => {
    const match = args.slice(0, -2) as unknown as RegExpExecArray;
    onMatch(match);
    return ' '.repeat((args[0] as string).length);
  });
}

function clean(raw: string): string {
  return raw.replace(TRAILING_PUNCT, '');
}

function urlEntity(raw: string): string | undefined {
  try {
    const url = new URL(clean(raw));
    const path = url.pathname.replace(/\/+$/, '');
    return `url:${url.host.toLowerCase()}${path.toLowerCase()}`;
  } catch {
    return undefined;
  }
}

function fileEntity(raw: string): string | undefined {
  const path = clean(raw).replace(/^\.\//, '');
  const segments = path.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const hasExt = FILE_NAME_RE.test(last);
  // A bare "a/b" is too often prose ("and/or", "read/write"): a path needs an extension or 3+ segments.
  if (!hasExt && segments.length < 3) return undefined;
  if (segments.some((s) => /^\d+$/.test(s)) && !hasExt) return undefined; // dates, fractions
  return `file:${path.toLowerCase()}`;
}

function nameEntity(raw: string): string | undefined {
  const words = raw.trim().split(/\s+/);
  while (words.length > 0 && LEADING_FILLER.has(words[0] ?? '')) words.shift();
  return words.length >= 2 ? `name:${words.join(' ').toLowerCase()}` : undefined;
}

function installEntities(args: string, add: (e: string | undefined) => void): void {
  for (const word of args.split(/\s+/)) {
    if (!word || word.startsWith('-')) continue;
    if (/[;&|]/.test(word)) break;
    const name = word.replace(/(?<=.)@[^/]*$/, '').replace(/[=<>~^].*$/, ''); // drop version specs
    if (/^(?:@[\w.-]+\/)?[\w.-]+$/.test(name)) add(`pkg:${name.toLowerCase()}`);
  }
}

function codeEntity(code: string): string | undefined {
  const c = code.trim();
  if (c.includes('/') || FILE_NAME_RE.test(c)) return fileEntity(c);
  if (IDENTIFIER_RE.test(c)) return `ident:${c.replace(/\(\)$/, '').toLowerCase()}`;
  return undefined;
}

/**
 * Entities referenced by a text, normalised (lower-cased, kind-prefixed) and deduplicated; ordered
 * by rule (the file comment's order), then by appearance. Deterministic: pure string rules.
 */
export function extractEntities(text: string): string[] {
  const found = new Set<string>();
  const add = (e: string | undefined) => {
    if (e && e.length <= 200) found.add(e);
  };
  // Runs of more than MAX_TOKEN non-space characters are blobs (base64, minified code), not names;
  // blanking them also bounds the regexes' backtracking to short tokens (a 20k "a.a.a…" took 0.4 s).
  let rest = text.normalize('NFKC').replace(LONG_RUN_RE, (m) => ' '.repeat(m.length));
  rest = consume(rest, URL_RE, (m) => add(urlEntity(m[0])));
  rest = consume(rest, INSTALL_RE, (m) => installEntities(m[1] ?? '', add));
  rest = consume(rest, SCOPED_PKG_RE, (m) => add(`pkg:${m[0].toLowerCase()}`));
  rest = consume(rest, REPO_ISSUE_RE, (m) => add(`issue:${m[0].toLowerCase()}`));
  rest = consume(rest, ISSUE_RE, (m) => add(`issue:${m[0].toLowerCase()}`));
  rest = consume(rest, MENTION_RE, (m) => add(`user:${m[0].slice(1).toLowerCase()}`));
  rest = consume(rest, BACKTICK_RE, (m) => add(codeEntity(m[1] ?? '')));
  rest = consume(rest, PATHLIKE_RE, (m) => add(fileEntity(m[0])));
  rest = consume(rest, CALL_RE, (m) => add(`ident:${(m[1] ?? '').toLowerCase()}`));
  rest = consume(rest, QUOTED_RE, (m) => add(quotedEntity(m[1] ?? m[2] ?? '')));
  rest = consume(rest, CAMEL_RE, (m) => add(`ident:${m[0].toLowerCase()}`));
  rest = consume(rest, PASCAL_RE, (m) => add(`ident:${m[0].toLowerCase()}`));
  rest = consume(rest, SNAKE_RE, (m) => add(`ident:${m[0]}`));
  consume(rest, CAPITALISED_RE, (m) => add(nameEntity(m[0])));
  return [...found];
}

function quotedEntity(inner: string): string | undefined {
  const q = inner.trim();
  // A quoted phrase is a name when it is short: at most four words and no sentence punctuation.
  if (!q || q.split(/\s+/).length > 4 || /[.!?,;:]$/.test(q)) return undefined;
  return IDENTIFIER_RE.test(q) && /[A-Z_]/.test(q.slice(1)) ? `ident:${q.toLowerCase()}` : `name:${q.toLowerCase()}`;
}
