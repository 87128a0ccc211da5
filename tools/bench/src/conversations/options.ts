// Command line of bench:conversations.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const USAGE =
  'usage: npm run bench:conversations -- [--backend pglite|postgres|both] [--conversations conv-26,conv-30] [--dataset locomo|realtalk|FILE] [--tools a,b] [--depth N] [--dump] [--model NAME] [--model-dir DIR] [--keep-db] [--reuse-db NAME] [--one-scope]';

/** Parsed options. */
export interface ConversationsOptions {
  backends: ('pglite' | 'postgres')[];
  conversations: string[];
  dataset: string | null;
  /** Retriever names to run (all when empty), e.g. "memory.search hybrid". */
  tools: string[];
  /** top_k asked of every tool (metrics read the top 10). */
  depth: number;
  /** Keep every raw answer in the JSON results (for offline analysis of fusion and ranking). */
  dump: boolean;
  /** Embedding model the server runs (ENGRAM_MODEL_NAME); null: the server's default. */
  model: string | null;
  /** Its directory (ENGRAM_MODEL_DIR); null: $ENGRAM_MODEL_DIR, else .cache/models/<model>. */
  modelDir: string | null;
  /** Native only: keep the database (its name is printed) so later runs can --reuse-db it. */
  keepDb: boolean;
  /** Native only: ask the questions of a database an earlier --keep-db run stored (no loading). */
  reuseDb: string | null;
  /** Store every conversation in one scope (load-turns.ts SHARED_SCOPE); each question still counts only its own conversation's turns. */
  oneScope: boolean;
}

/**
 * The dev set lives in the shared folder beside the checkout (`../shared`); a worktree sits one
 * level deeper, so its parent's sibling is tried too. null when neither exists.
 */
export function defaultDataset(root: string, file = 'locomo-dev.json'): string | null {
  const candidates = [join(root, '../shared/datasets', file), join(root, '../../shared/datasets', file)];
  return candidates.map((p) => resolve(p)).find((p) => existsSync(p)) ?? null;
}

/** `--dataset locomo|realtalk` names a dev file in the shared folder; anything else is a path. */
function datasetFile(value: string, root: string): string | null {
  if (value === 'locomo' || value === 'realtalk') return defaultDataset(root, `${value}-dev.json`);
  return resolve(value);
}

/** Options that take no value. */
const FLAGS = { '--dump': 'dump', '--keep-db': 'keepDb', '--one-scope': 'oneScope' } as const;
const isFlag = (a: string | undefined): a is keyof typeof FLAGS => a !== undefined && Object.hasOwn(FLAGS, a);

const list = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

export function parseOptions(argv: string[], root: string): ConversationsOptions {
  const o: ConversationsOptions = { backends: ['pglite'], conversations: [], dataset: defaultDataset(root), tools: [], depth: 10, dump: false, model: null, modelDir: null, keepDb: false, reuseDb: null, oneScope: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === '--backend' && (v === 'pglite' || v === 'postgres' || v === 'both')) o.backends = v === 'both' ? ['pglite', 'postgres'] : [v];
    else if (a === '--conversations') o.conversations = list(v);
    else if (a === '--dataset' && v) o.dataset = datasetFile(v, root);
    else if (a === '--tools') o.tools = list(v);
    else if (a === '--depth' && Number.isInteger(Number(v)) && Number(v) >= 10 && Number(v) <= 100) o.depth = Number(v);
    else if (a === '--model' && v) o.model = v;
    else if (a === '--model-dir' && v) o.modelDir = resolve(v);
    else if (a === '--reuse-db' && v) o.reuseDb = v;
    else if (isFlag(a)) {
      o[FLAGS[a]] = true;
      continue;
    }
    else throw new Error(`bad option ${a}${v ? ` ${v}` : ''}\n${USAGE}`);
    i++;
  }
  return o;
}
