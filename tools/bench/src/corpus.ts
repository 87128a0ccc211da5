// Realistic, reproducible agent-memory texts: templates filled from vocabularies by a seeded PRNG.
// The same seed gives the same corpus on every run and every backend, so numbers are comparable.

/** mulberry32: tiny, fast, good enough for picking words; NOT for anything security-related. */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));

const V = {
  service: ['billing-api', 'auth-service', 'search-indexer', 'notification-worker', 'payments gateway', 'reporting job', 'user profile service', 'inventory sync', 'checkout frontend', 'admin dashboard', 'webhook relay', 'audit logger', 'feature-flag service', 'image resizer', 'email sender', 'ledger', 'session store', 'rate limiter', 'export pipeline', 'mobile backend'],
  tech: ['PostgreSQL 15', 'Redis', 'Kafka', 'RabbitMQ', 'S3', 'Elasticsearch', 'pgvector', 'SQLite', 'DynamoDB', 'ClickHouse', 'nginx', 'Envoy', 'gRPC', 'GraphQL', 'OpenTelemetry', 'Prometheus', 'Grafana', 'Terraform', 'Kubernetes', 'Docker Compose', 'GitHub Actions', 'esbuild', 'Vite', 'webpack', 'pnpm', 'Jest', 'Vitest', 'Playwright', 'NestJS', 'Fastify', 'Express', 'Prisma', 'kysely', 'zod', 'TypeORM', 'Django', 'FastAPI', 'Go 1.22', 'Rust', 'Node 24'],
  person: ['Alice', 'Bob', 'Carmen', 'Dmitri', 'Esther', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kwame', 'Lena', 'Mateo', 'Nadia', 'Oskar', 'Priya', 'Quentin', 'Rosa', 'Sven', 'Tariq'],
  env: ['staging', 'production', 'the preview environment', 'CI', 'local development', 'the load-test cluster', 'eu-west-1', 'us-east-2'],
  file: ['src/main.ts', 'config/default.yaml', 'docker/compose.yaml', 'migrations/0007_add_index.sql', 'package.json', 'tsconfig.json', 'Makefile', '.github/workflows/ci.yml', 'libs/core/src/index.ts', 'apps/web/next.config.js', 'scripts/deploy.sh', 'README.md', 'src/db/pool.ts', 'src/http/routes.ts', 'test/setup.ts'],
  problem: ['a connection pool exhaustion', 'a memory leak in the worker', 'flaky integration tests', 'a race between two writers', 'slow cold starts', 'a deadlock on the orders table', 'timeouts under load', 'a missing index', 'stale cache entries', 'an N+1 query', 'clock skew between hosts', 'a broken TLS chain', 'duplicate webhook deliveries', 'an out-of-memory kill', 'a schema drift', 'unbounded retries'],
  fix: ['raising the pool size to 20', 'adding a composite index', 'pinning the dependency version', 'moving the work to a background job', 'adding an idempotency key', 'using SELECT ... FOR UPDATE', 'caching the token for five minutes', 'batching the inserts', 'switching to keyset pagination', 'adding jitter to the retry backoff', 'splitting the migration in two', 'streaming the response instead of buffering it', 'setting statement_timeout to 5s', 'increasing the heap limit'],
  pref: ['tabs over spaces', 'two-space indentation', 'small pull requests', 'named exports', 'conventional commit messages', 'integration tests over mocks', 'British spelling in docs', 'early returns', 'explicit error classes', 'feature flags for risky changes', 'squash merges', 'dark mode in the dashboard', 'short daily stand-ups', 'written design docs before coding'],
  verb: ['deployed', 'rolled back', 'migrated', 'refactored', 'profiled', 'benchmarked', 'upgraded', 'reviewed', 'debugged', 'documented', 'split', 'merged', 'load-tested', 'rewrote'],
  metric: ['p95 latency', 'error rate', 'throughput', 'memory usage', 'build time', 'test duration', 'cold start time', 'queue depth', 'CPU load', 'bundle size'],
  weekday: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  ticket: ['ENG', 'OPS', 'SEC', 'DATA', 'WEB', 'API'],
} as const;

type Kind = 'fact' | 'episode' | 'skill' | 'preference' | 'task' | 'context';
type Template = (rng: Rng) => string;

const T: Record<Kind, Template[]> = {
  fact: [
    (r) => `The ${pick(r, V.service)} stores its data in ${pick(r, V.tech)} and reads configuration from ${pick(r, V.file)}.`,
    (r) => `${pick(r, V.service)} talks to ${pick(r, V.service)} over ${pick(r, V.tech)}; requests time out after ${int(r, 2, 60)} seconds.`,
    (r) => `In ${pick(r, V.env)} the ${pick(r, V.service)} runs ${int(r, 2, 24)} replicas behind ${pick(r, V.tech)} with a ${int(r, 1, 16)} GiB memory limit.`,
    (r) => `${pick(r, V.person)} owns the ${pick(r, V.service)}; escalations go to ${pick(r, V.person)} via ticket queue ${pick(r, V.ticket)}.`,
    (r) => `The ${pick(r, V.metric)} budget of ${pick(r, V.service)} is ${int(r, 5, 900)} ms and is tracked in ${pick(r, V.tech)} dashboards.`,
  ],
  episode: [
    (r) => `On ${pick(r, V.weekday)} we ${pick(r, V.verb)} the ${pick(r, V.service)} in ${pick(r, V.env)} after ${pick(r, V.problem)}; ${pick(r, V.metric)} went from ${int(r, 10, 999)} to ${int(r, 10, 999)}.`,
    (r) => `${pick(r, V.person)} and I ${pick(r, V.verb)} ${pick(r, V.file)} to fix ${pick(r, V.problem)} in ${pick(r, V.service)} (ticket ${pick(r, V.ticket)}-${int(r, 100, 9999)}).`,
    (r) => `Incident ${pick(r, V.ticket)}-${int(r, 100, 9999)}: ${pick(r, V.problem)} took down ${pick(r, V.service)} for ${int(r, 2, 180)} minutes; resolved by ${pick(r, V.fix)}.`,
    (r) => `During the session the user asked me to ${pick(r, V.verb).replace(/ed$/, '')} ${pick(r, V.service)}; I changed ${pick(r, V.file)} and ${pick(r, V.file)} and ran ${pick(r, V.tech)} tests.`,
  ],
  skill: [
    (r) => `To diagnose ${pick(r, V.problem)} in ${pick(r, V.service)}, check the ${pick(r, V.metric)} graph in ${pick(r, V.tech)}, then try ${pick(r, V.fix)}.`,
    (r) => `How to release ${pick(r, V.service)}: bump the version in ${pick(r, V.file)}, run ${pick(r, V.tech)}, deploy to ${pick(r, V.env)}, watch ${pick(r, V.metric)} for ${int(r, 5, 60)} minutes.`,
    (r) => `When ${pick(r, V.tech)} reports ${pick(r, V.problem)}, the reliable fix is ${pick(r, V.fix)}; verify with ${pick(r, V.tech)} before merging.`,
  ],
  preference: [
    (r) => `${pick(r, V.person)} prefers ${pick(r, V.pref)} and ${pick(r, V.pref)} in the ${pick(r, V.service)} codebase.`,
    (r) => `The team wants ${pick(r, V.pref)}; reviews of ${pick(r, V.file)} should also insist on ${pick(r, V.pref)}.`,
  ],
  task: [
    (r) => `TODO ${pick(r, V.ticket)}-${int(r, 100, 9999)}: ${pick(r, V.fix)} in ${pick(r, V.service)} before the ${pick(r, V.env)} release, assigned to ${pick(r, V.person)}.`,
    (r) => `Follow up with ${pick(r, V.person)} about ${pick(r, V.problem)} in ${pick(r, V.service)}; deadline ${pick(r, V.weekday)} week ${int(r, 1, 52)}.`,
  ],
  context: [
    (r) => `Current branch feature/${pick(r, V.ticket).toLowerCase()}-${int(r, 100, 9999)} touches ${pick(r, V.file)} and ${pick(r, V.file)}; tests use ${pick(r, V.tech)}.`,
    (r) => `Working directory is the ${pick(r, V.service)} repo; the ${pick(r, V.env)} database is ${pick(r, V.tech)} and the build uses ${pick(r, V.tech)}.`,
  ],
};

// Mix of types an agent writes: mostly episodes and facts, fewer skills and preferences.
const KIND_WEIGHTS: [Kind, number][] = [['episode', 0.35], ['fact', 0.3], ['skill', 0.12], ['task', 0.1], ['context', 0.08], ['preference', 0.05]];

/** Projects memories are spread over; `global` holds roughly one record in ten. */
export const PROJECTS = Array.from({ length: 12 }, (_, i) => `project:${['atlas', 'borealis', 'cobalt', 'delta', 'ember', 'fjord', 'granite', 'harbor', 'iris', 'juniper', 'kestrel', 'lumen'][i]}`);

/** One generated `create` request body (without `op`). */
export interface MemorySpec {
  type: Kind;
  content: string;
  scope: string;
  tags: string[];
  metadata: Record<string, unknown>;
  source: { type: string; id: string };
}

function pickKind(rng: Rng): Kind {
  let x = rng();
  for (const [k, w] of KIND_WEIGHTS) if ((x -= w) < 0) return k;
  return 'fact';
}

/** The i-th memory of the corpus; deterministic in (seed, i), so chunks can be generated lazily. */
export function memoryAt(seed: number, i: number): MemorySpec {
  const rng = createRng(seed * 1_000_003 + i);
  const type = pickKind(rng);
  const scope = rng() < 0.1 ? 'global' : pick(rng, PROJECTS);
  const content = pick(rng, T[type])(rng);
  const tags = [type === 'episode' ? 'session' : type, pick(rng, V.service).split(/\s|-/)[0] as string];
  return {
    type, content, scope, tags: [...new Set(tags)],
    metadata: { agent: `agent-${i % 7}`, session: `s-${Math.floor(i / 50)}` },
    source: { type: 'agent', id: `agent-${i % 7}` },
  };
}

const QUESTIONS: Template[] = [
  (r) => `how do we fix ${pick(r, V.problem)}`,
  (r) => `what database does the ${pick(r, V.service)} use`,
  (r) => `who owns ${pick(r, V.service)}`,
  (r) => `release steps for ${pick(r, V.service)} to ${pick(r, V.env)}`,
  (r) => `${pick(r, V.metric)} of ${pick(r, V.service)}`,
  (r) => `what happened with ${pick(r, V.problem)} last week`,
  (r) => `coding preferences about ${pick(r, V.pref)}`,
  (r) => `open tasks for ${pick(r, V.person)}`,
  (r) => `${pick(r, V.tech)} configuration in ${pick(r, V.file)}`,
  (r) => `incident caused by ${pick(r, V.problem)} in ${pick(r, V.env)}`,
];

/** A search as an agent issues it: its question, and what it may see (global + its project). */
export interface QuerySpec {
  text: string;
  scopes: string[];
}

/** `n` queries, deterministic in the seed; each from one project's agent. */
export function queries(seed: number, n: number): QuerySpec[] {
  const rng = createRng(seed ^ 0x5eed);
  return Array.from({ length: n }, () => ({ text: pick(rng, QUESTIONS)(rng), scopes: ['global', pick(rng, PROJECTS)] }));
}
