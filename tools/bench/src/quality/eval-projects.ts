// Per-project topics of the evaluation corpus: facts that change several times, decisions with
// the evidence they were derived from, expired rotations and notices, a retracted fact, two
// contradicting beliefs, procedures and incidents. Values are drawn by a seeded PRNG so each
// project differs; the wording of queries is a paraphrase, never the stored sentence.
import type { EvalSetBuilder } from './eval-builder.js';

type Rng = () => number;

/** A project of the corpus. Every project also has an `api-gateway`, so look-alikes exist across scopes. */
export interface ProjectSpec {
  name: string;
  domain: string;
  services: [string, string, string];
}

export const PROJECTS: ProjectSpec[] = [
  { name: 'atlas', domain: 'payments', services: ['ledger-core', 'payout scheduler', 'fx-rates feed'] },
  { name: 'beacon', domain: 'mobile app', services: ['push relay', 'offline sync service', 'crash reporter'] },
  { name: 'cobalt', domain: 'data pipeline', services: ['ingest workers', 'warehouse loader', 'lineage tracker'] },
  { name: 'delta', domain: 'internal tools', services: ['expense portal', 'wiki search', 'access broker'] },
  { name: 'ember', domain: 'ML platform', services: ['feature store', 'training scheduler', 'model registry'] },
];

const DATASTORES = ['PostgreSQL 14', 'PostgreSQL 16', 'MySQL 8', 'CockroachDB', 'DynamoDB', 'MongoDB 7', 'Cassandra', 'SQLite on a volume', 'FoundationDB', 'Aurora PostgreSQL'];
const PEOPLE = ['Alice Moreau', 'Bilal Haddad', 'Chen Wei', 'Dana Kowalski', 'Emeka Obi', 'Freya Lind', 'Gustavo Reyes', 'Hana Sato', 'Ivan Petrov', 'Jamila Nasser', 'Kofi Mensah', 'Lucia Ferri', 'Mikael Berg', 'Nora Quinn', 'Omar Aziz'];
const BROKERS = ['Kafka', 'RabbitMQ', 'NATS JetStream', 'Amazon SQS', 'Redis Streams', 'Google Pub/Sub'];
const CI = ['GitHub Actions', 'GitLab CI', 'Buildkite', 'CircleCI', 'Jenkins', 'Drone'];
const RUNTIMES = ['Node 18', 'Node 20', 'Node 22', 'Node 24', 'Deno 2', 'Bun 1.1'];
const PROBLEMS = [
  ['connection pool exhaustion', 'raising the pool to 40 connections and adding a queue timeout'],
  ['a certificate that expired at midnight', 'renewing it and adding an expiry alert 14 days ahead'],
  ['a runaway retry loop', 'capping retries at five with exponential backoff and jitter'],
  ['disk filling up with debug logs', 'turning debug logging off and rotating logs hourly'],
  ['a deadlock between two migrations', 'splitting the migration and taking the locks in a fixed order'],
  ['DNS resolution timeouts', 'caching resolver results for 30 seconds'],
  ['an out-of-memory crash loop', 'streaming the export instead of loading it all in memory'],
  ['a bad feature flag rollout', 'adding a kill switch and rolling out by percentage'],
] as const;

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
/** Three distinct values, in a random order. */
function three<T>(rng: Rng, xs: readonly T[]): [T, T, T] {
  const pool = [...xs];
  const out: T[] = [];
  while (out.length < 3) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0] as T);
  return out as [T, T, T];
}

/** ISO date `n` days after 2026-03-02 (the corpus spans March to mid-November 2026). */
export function day(n: number): string {
  return new Date(Date.UTC(2026, 2, 2) + n * 86_400_000).toISOString();
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthOf = (iso: string) => MONTHS[new Date(iso).getUTCMonth()] as string;

/** Adds one project's topics and queries. `gateways` collects every project's gateway answer key for cross-scope checks. */
export function addProject(b: EvalSetBuilder, rng: Rng, p: ProjectSpec, gateways: Map<string, string>): void {
  const scope = `project:${p.name}`;
  const scopes = [scope, 'global'];
  const [s0, s1, s2] = p.services;
  const k = (s: string) => `${p.name}.${s}`;
  const off = Math.floor(rng() * 10);

  // Fact chain 1: the datastore of s0 changes twice.
  const [d1, d2, d3] = three(rng, DATASTORES);
  b.create(k('store1'), day(off + 3), { type: 'fact', scope, content: `The ${s0} keeps its records in ${d1}.`, tags: ['datastore'] });
  b.supersede(k('store2'), k('store1'), day(off + 60), { type: 'fact', scope, content: `The ${s0} was migrated from ${d1} to ${d2} to get better write throughput.`, tags: ['datastore'] });
  b.supersede(k('store3'), k('store2'), day(off + 170), { type: 'fact', scope, content: `Since ${monthOf(day(off + 170))} the ${s0} runs on ${d3}; the ${d2} cluster was decommissioned.`, tags: ['datastore'] });
  b.query({ text: `Which database does the ${s0} use?`, scopes, category: 'fact-chain', relevant: { [k('store3')]: 3 }, alsoStale: [k('store1'), k('store2')] });
  b.query({ text: `where is ${s0} data persisted today`, scopes, category: 'fact-chain', relevant: { [k('store3')]: 3 }, alsoStale: [k('store1'), k('store2')] });

  // Fact chain 2: a timeout of s1 raised, then lowered.
  const [t1, t2, t3] = [5 + Math.floor(rng() * 10), 30 + Math.floor(rng() * 30), 12 + Math.floor(rng() * 10)];
  b.create(k('timeout1'), day(off + 10), { type: 'fact', scope, content: `Requests from the ${s1} to upstream services time out after ${t1} seconds.` });
  b.supersede(k('timeout2'), k('timeout1'), day(off + 80), { type: 'fact', scope, content: `We raised the upstream timeout of the ${s1} to ${t2} seconds after the batch jobs started failing.` });
  b.supersede(k('timeout3'), k('timeout2'), day(off + 200), { type: 'fact', scope, content: `The ${s1} upstream timeout is now ${t3} seconds; ${t2} seconds held connections open for too long.` });
  b.query({ text: `What is the request timeout of the ${s1}?`, scopes, category: 'fact-chain', relevant: { [k('timeout3')]: 3 }, alsoStale: [k('timeout1'), k('timeout2')] });

  // Fact chain 3: ownership of s2 passes twice.
  const [o1, o2, o3] = three(rng, PEOPLE);
  b.create(k('owner1'), day(off + 5), { type: 'fact', scope, content: `${o1} is the owner of the ${s2} and approves its releases.` });
  b.supersede(k('owner2'), k('owner1'), day(off + 95), { type: 'fact', scope, content: `Ownership of the ${s2} moved from ${o1} to ${o2} when the ${p.domain} team reorganised.` });
  b.supersede(k('owner3'), k('owner2'), day(off + 220), { type: 'fact', scope, content: `${o3} took over the ${s2} from ${o2}; ${o3} now approves its releases.` });
  b.query({ text: `Who owns the ${s2}?`, scopes, category: 'fact-chain', relevant: { [k('owner3')]: 3 }, alsoStale: [k('owner1'), k('owner2')] });
  b.query({ text: `who should approve a ${s2} release`, scopes, category: 'fact-chain', relevant: { [k('owner3')]: 3 }, alsoStale: [k('owner1'), k('owner2')] });

  // Fact chain 4: every project has an api-gateway whose runtime changes: look-alikes across scopes.
  const [r1, r2] = three(rng, RUNTIMES);
  b.create(k('gw1'), day(off + 15), { type: 'fact', scope, content: `The ${p.name} api-gateway runs on ${r1} behind an nginx ingress.`, tags: ['api-gateway'] });
  b.supersede(k('gw2'), k('gw1'), day(off + 150), { type: 'fact', scope, content: `The ${p.name} api-gateway was upgraded from ${r1} to ${r2}; the nginx ingress stayed.`, tags: ['api-gateway'] });
  gateways.set(p.name, k('gw2'));

  // SLO tightened once.
  const [slo1, slo2] = [300 + Math.floor(rng() * 200), 120 + Math.floor(rng() * 100)];
  b.create(k('slo1'), day(off + 20), { type: 'fact', scope, content: `The p95 latency objective of the ${s0} is ${slo1} ms.` });
  b.supersede(k('slo2'), k('slo1'), day(off + 130), { type: 'fact', scope, content: `The latency SLO of the ${s0} was tightened to ${slo2} ms at p95 after the ${p.domain} review.` });
  b.query({ text: `latency target for the ${s0}`, scopes, category: 'fact-chain', relevant: { [k('slo2')]: 3 }, alsoStale: [k('slo1')] });

  addDecisions(b, rng, p, scope, scopes, off);
  addLifecycle(b, rng, p, scope, scopes, off);
  addProcedures(b, rng, p, scope, scopes, off);
}

function addDecisions(b: EvalSetBuilder, rng: Rng, p: ProjectSpec, scope: string, scopes: string[], off: number): void {
  const [s0] = p.services;
  const k = (s: string) => `${p.name}.${s}`;
  const [win, lose] = three(rng, BROKERS);
  const rate = 20 + Math.floor(rng() * 80);
  b.create(k('loadtest'), day(off + 30), { type: 'episode', scope, content: `Load test of the ${s0} event bus: ${win} sustained ${rate}k messages per second with p99 under 40 ms, while ${lose} stalled at a third of that.` }, 'agent');
  b.create(k('brokerDecision'), day(off + 33), { type: 'decision', scope, content: `Decision: the ${s0} publishes its events through ${win}. Rationale: it was the only candidate that kept up in the load test.`, links: [{ kind: 'derived_from', targetKey: k('loadtest') }] });
  b.query({ text: `Why did we pick ${win} for the ${s0} events?`, scopes, category: 'multi-hop', relevant: { [k('brokerDecision')]: 3, [k('loadtest')]: 2 } });
  b.query({ text: `what evidence was the ${s0} message bus choice based on`, scopes, category: 'multi-hop', relevant: { [k('loadtest')]: 3, [k('brokerDecision')]: 2 } });

  const [ci1, ci2] = three(rng, CI);
  b.create(k('ciPain'), day(off + 40), { type: 'episode', scope, content: `Retro: ${p.name} builds on ${ci1} queued for 25 minutes at peak and flaky runners cost us two releases this sprint.` }, 'agent');
  b.create(k('ciDecision'), day(off + 45), { type: 'decision', scope, content: `We are moving ${p.name} continuous integration from ${ci1} to ${ci2}, with self-hosted runners for the heavy jobs.`, links: [{ kind: 'derived_from', targetKey: k('ciPain') }] });
  b.create(k('ciFact'), day(off + 75), { type: 'fact', scope, content: `All ${p.name} pipelines now run on ${ci2}; the build badge in the README points there.`, links: [{ kind: 'supports', targetKey: k('ciDecision') }] });
  b.query({ text: `Which CI system does ${p.name} use?`, scopes, category: 'decision', relevant: { [k('ciFact')]: 3, [k('ciDecision')]: 2 } });
  b.query({ text: `what problems made us change our build system`, scopes, category: 'multi-hop', relevant: { [k('ciPain')]: 3, [k('ciDecision')]: 2 } });
}

function addLifecycle(b: EvalSetBuilder, rng: Rng, p: ProjectSpec, scope: string, scopes: string[], off: number): void {
  const [s0, s1] = p.services;
  const k = (s: string) => `${p.name}.${s}`;
  // Expiry: two past on-call rotations with a validity window, and the current one without.
  const [a, c, cur] = three(rng, PEOPLE);
  b.create(k('oncall1'), day(off + 100), { type: 'fact', scope, content: `${a} is on call for the ${s1} this rotation.`, validFrom: day(off + 100), validTo: day(off + 114) });
  b.create(k('oncall2'), day(off + 114), { type: 'fact', scope, content: `${c} holds the ${s1} pager for this rotation.`, validFrom: day(off + 114), validTo: day(off + 128) });
  b.create(k('oncall3'), day(off + 240), { type: 'fact', scope, content: `${cur} carries the pager for the ${s1}; page them for production alerts.` });
  b.query({ text: `who is on call for the ${s1}`, scopes, category: 'expiry', relevant: { [k('oncall3')]: 3 }, alsoStale: [k('oncall1'), k('oncall2')] });

  // Expiry: a temporary notice that ran out, next to the standing rule.
  b.create(k('freeze'), day(off + 140), { type: 'fact', scope, content: `Deploy freeze: no ${s0} deploys without sign-off from the release manager until the audit is over.`, validFrom: day(off + 140), validTo: day(off + 150) });
  b.create(k('releaseRule'), day(off + 20), { type: 'skill', scope, content: `${s0} deploys follow the standard release checklist: green pipeline, changelog entry, canary for 30 minutes.` });
  b.query({ text: `Do ${s0} deploys need a special sign-off right now?`, scopes, category: 'expiry', relevant: { [k('releaseRule')]: 3 }, alsoStale: [k('freeze')] });

  // Retraction: a wrong number is invalidated; the correct one is stored separately.
  const wrong = 1000 + Math.floor(rng() * 9) * 500;
  const right = 200 + Math.floor(rng() * 8) * 50;
  b.create(k('limitWrong'), day(off + 50), { type: 'fact', scope, content: `The ${p.name} public API allows ${wrong} requests per minute per API key.` }, 'agent');
  b.invalidate(k('limitWrong'), day(off + 58), 'misread the gateway config: that was the internal limit');
  b.create(k('limitRight'), day(off + 58), { type: 'fact', scope, content: `Rate limit of the ${p.name} public API: ${right} requests per minute for each API key, per the gateway config.` });
  b.query({ text: `How many requests per minute can one API key make against the ${p.name} API?`, scopes, category: 'retraction', relevant: { [k('limitRight')]: 3 }, alsoStale: [k('limitWrong')] });

  // Contradiction: two beliefs that disagree; both stay visible (the pipeline flags the pair).
  b.create(k('flaky'), day(off + 110), { type: 'belief', scope, content: `The ${s1} integration tests are flaky on CI.` }, 'agent');
  b.create(k('notFlaky'), day(off + 160), { type: 'belief', scope, content: `The ${s1} integration tests are not flaky on CI.` }, 'agent');
  b.query({ text: `are the ${s1} integration tests reliable`, scopes, category: 'contradiction', relevant: { [k('flaky')]: 2, [k('notFlaky')]: 2 } });
}

function addProcedures(b: EvalSetBuilder, rng: Rng, p: ProjectSpec, scope: string, scopes: string[], off: number): void {
  const [s0, s1, s2] = p.services;
  const k = (s: string) => `${p.name}.${s}`;
  b.create(k('rotate'), day(off + 70), { type: 'skill', scope, content: `To rotate the ${s2} credentials: create the new secret in the vault, roll the pods, then revoke the old key after one hour.` });
  b.query({ text: `how do I rotate secrets for the ${s2}`, scopes, category: 'skill', relevant: { [k('rotate')]: 3 } });

  b.create(k('deploy1'), day(off + 25), { type: 'skill', scope, content: `Deploying the ${s1}: run ./scripts/deploy.sh from a laptop with production credentials.` });
  b.supersede(k('deploy2'), k('deploy1'), day(off + 120), { type: 'skill', scope, content: `Deploying the ${s1}: merge to main and approve the pipeline's production stage; the old deploy script was removed.` });
  b.query({ text: `What are the steps to ship the ${s1} to production?`, scopes, category: 'skill', relevant: { [k('deploy2')]: 3 }, alsoStale: [k('deploy1')] });

  const [pa, pb] = three(rng, PROBLEMS);
  const incidents: [string, readonly [string, string], string, number][] = [['inc1', pa, s0, 90], ['inc2', pb, s2, 180]];
  for (const [name, [problem, fix], svc, d] of incidents) {
    const ticket = `${p.name.toUpperCase().slice(0, 3)}-${100 + Math.floor(rng() * 900)}`;
    b.create(k(name), day(off + d), { type: 'episode', scope, content: `Incident ${ticket}: the ${svc} was down for ${10 + Math.floor(rng() * 80)} minutes because of ${problem}; resolved by ${fix}.` }, 'agent');
    b.create(k(`${name}Lesson`), day(off + d + 2), { type: 'skill', scope, content: `If the ${svc} shows symptoms of ${problem} again, apply the runbook fix: ${fix}.`, links: [{ kind: 'derived_from', targetKey: k(name) }] });
    b.query({ text: `what caused the ${svc} outage in ${monthOf(day(off + d))}`, scopes, category: 'episode', relevant: { [k(name)]: 3, [k(`${name}Lesson`)]: 1 } });
  }

  const topic = pick(rng, ['code review turnaround', 'on-call handovers', 'flaky test quarantine', 'release notes']);
  b.create(k('retro'), day(off + 200), { type: 'episode', scope, content: `In the ${monthOf(day(off + 200))} retro the ${p.domain} team agreed on a new rule for ${topic}: owners answer within one working day.` }, 'agent');
  b.query({ text: `what did the team agree about ${topic}`, scopes, category: 'episode', relevant: { [k('retro')]: 3 } });
}
