import { contradictionBetween } from './contradictions.js';

/*
 * The word lists of the contradiction heuristic, judged by what they do to a verdict: each opposite
 * pair makes two statements about the same thing an antonym contradiction, each negator makes a
 * statement the negation of its plain form, and function words do not make two subjects different.
 */
describe('contradiction heuristic: the words it knows', () => {
  it.each([
    ['Enable the cache for search requests', 'Disable the cache for search requests'],
    ['The dry-run flag defaults to true', 'The dry-run flag defaults to false'],
    ['The firewall rules allow SSH from the office', 'The firewall rules deny SSH from the office'],
    ['Force pushes to main are allowed', 'Force pushes to main are forbidden'],
    ['Access to the billing export is allowed for contractors', 'Access to the billing export is denied for contractors'],
    ['The gateway will accept unsigned webhooks', 'The gateway will reject unsigned webhooks'],
    ['Uploads are accepted without a checksum', 'Uploads are rejected without a checksum'],
    ['Managers approve refunds above the limit', 'Managers reject refunds above the limit'],
    ['The vendor contract was approved by legal', 'The vendor contract was rejected by legal'],
    ['Nightly reports include archived projects', 'Nightly reports exclude archived projects'],
    ['Test fixtures are included in the release bundle', 'Test fixtures are excluded from the release bundle'],
    ['The new index will increase write latency', 'The new index will decrease write latency'],
    ['Dark mode is on by default', 'Dark mode is off by default'],
    ['Alice likes long meetings', 'Alice dislikes long meetings'],
    ['The team prefers squash merges', 'The team avoids squash merges'],
    ['We use ORMs in the billing service', 'We avoid ORMs in the billing service'],
    ['Two-factor login is required for admins', 'Two-factor login is optional for admins'],
    ['Code review is mandatory for hotfixes', 'Code review is optional for hotfixes'],
    ['The export API is sync', 'The export API is async'],
    ['The public API is synchronous', 'The public API is asynchronous'],
    ['The design repository is public', 'The design repository is private'],
    ['The migration is safe to run twice', 'The migration is unsafe to run twice'],
    ['Node 22 is supported by the CLI', 'Node 22 is unsupported by the CLI'],
    ['The streaming API is stable', 'The streaming API is unstable'],
    ['The last backup ended in success', 'The last backup ended in failure'],
    ['The nightly migration succeeded', 'The nightly migration failed'],
    ['The contract tests pass on CI', 'The contract tests fail on CI'],
    ['The incident ticket is open', 'The incident ticket is closed'],
    ['Start the worker on boot', 'Stop the worker on boot'],
    ['Run the migration before the deploy', 'Run the migration after the deploy'],
    ['The new plan costs more per seat', 'The new plan costs less per seat'],
    ['Latency is higher on the new cluster', 'Latency is lower on the new cluster'],
    ['The Rust parser is faster than the old one', 'The Rust parser is slower than the old one'],
    ['The test coverage of the billing service is good', 'The test coverage of the billing service is bad'],
    ['Recall is better with hybrid search', 'Recall is worse with hybrid search'],
    ['The invoice total is correct', 'The invoice total is incorrect'],
    ['The signing certificate is valid', 'The signing certificate is invalid'],
    ['The staging database is up', 'The staging database is down'],
    ['Keep the audit columns in the export', 'Drop the audit columns in the export'],
    ['Add the retry header to outgoing requests', 'Remove the retry header from outgoing requests'],
    ['The payment provider is online', 'The payment provider is offline'],
    ['The legacy webhook is active', 'The legacy webhook is inactive'],
    ['The reporting replica is available', 'The reporting replica is unavailable'],
    ['Rolling back the schema is possible', 'Rolling back the schema is impossible'],
    ['Storing card numbers in logs is legal', 'Storing card numbers in logs is illegal'],
  ])('reads opposite terms as an antonym contradiction: %p / %p', (a, b) => {
    expect(contradictionBetween(a, b)).toMatchObject({ kind: 'antonym' });
    expect(contradictionBetween(b, a)).toMatchObject({ kind: 'antonym' });
  });

  it.each([
    ['The answers are reviewed by a human', 'No answers are reviewed by a human'],
    ['We deploy on Fridays', 'We never deploy on Fridays'],
    ['The services share a database', 'None of the services share a database'],
    ['Someone reviews the nightly report', 'Nobody reviews the nightly report'],
    ['Everything is cached between requests', 'Nothing is cached between requests'],
    ['The staging cluster is reachable from the office', 'Neither staging cluster is reachable from the office'],
    ['Feature flags can be changed by support', 'Feature flags cannot be changed by support'],
    ['Uploads are accepted with a checksum', 'Uploads are accepted without a checksum'],
    ['The API key is stored on disk', 'The API key is stored nowhere on disk'],
  ])('reads a negator as negating the plain statement: %p / %p', (a, b) => {
    expect(contradictionBetween(a, b)).toMatchObject({ kind: 'negation' });
  });

  // Each function word below occurs in one subject only: it must not make the subjects differ.
  it.each([
    ['Our primary database is PostgreSQL', 'The primary database is MySQL'],
    ['Your default region is Frankfurt', 'My default region is Dublin'],
    ['Their build tool is Gradle', 'Her build tool is Maven'],
    ['His favourite editor is Vim', 'Favourite editor is Emacs'],
    ['The owner of this service is Alice', 'Service owner is Bob'],
    ['The owner of that dashboard is Alice', 'Dashboard owner is Bob'],
    ['The storage class for these buckets is standard', 'The storage class of those buckets is archive'],
    ['The cache in production is Redis', 'Production cache is Memcached'],
    ['The on-call engineer at weekends is Alice', 'Weekend on-call engineer is Bob'],
    ['The default branch on GitHub is main', 'GitHub default branch is trunk'],
    ['The fallback to the primary region is manual', 'Primary region fallback is automatic'],
    ['The review by security is weekly', 'Security review is monthly'],
    ['The ingestion with Kafka is batched', 'Kafka ingestion is streamed'],
    ['Traffic from Europe is routed via Frankfurt', 'Europe traffic is routed via Dublin'],
    ['As of today the fallback region is Dublin', 'Today fallback region is Frankfurt'],
    ['Its licence is MIT', 'Licence is Apache'],
    ['The team which owns billing is Payments', 'The team who owns billing is Ledger'],
    ['The billing and payments owner is Alice', 'The billing/payments owner is Bob'],
    ['The staging or production region is Frankfurt', 'The staging/production region is Dublin'],
    ['The OS of all build agents is Linux', 'Build agent OS is Windows'],
    ['The retry policy of any job is exponential', 'Job retry policy is linear'],
    ['The default here is UTC', 'Default is CET'],
    ['The default there is UTC', 'Default is CET'],
    ['Now the default region is Dublin', 'Default region is Frankfurt'],
    ['Still, the default region is Dublin', 'Default region is Frankfurt'],
    ['Then the default region was Dublin', 'Default region is Frankfurt'],
    ['The very first release is Alpha', 'First release is Beta'],
    ['A deploy window is Tuesday', 'Deploy window is Thursday'],
    ['An upgrade window is Tuesday', 'Upgrade window is Thursday'],
  ])('compares subjects by their content words: %p / %p', (a, b) => {
    expect(contradictionBetween(a, b)).toMatchObject({ kind: 'different_value' });
  });

  // The statement on the left has two content words; every other word of it is a function word
  // (pronoun, auxiliary, adverb). Counted as content, one of them would hide the negation.
  it.each([
    ['We deploy on Fridays'], ['They deploy on Fridays'], ['I deploy on Fridays'], ['You deploy on Fridays'],
    ['He deploys on Fridays'], ['She deploys on Fridays'], ['It deploys on Fridays'], ['We do deploy on Fridays'],
    ['He does deploy on Fridays'], ['We did deploy on Fridays'], ['We will deploy on Fridays'], ['We would deploy on Fridays'],
    ['We should deploy on Fridays'], ['We shall deploy on Fridays'], ['We can deploy on Fridays'], ['We could deploy on Fridays'],
    ['We may deploy on Fridays'], ['We might deploy on Fridays'], ['We must deploy on Fridays'], ['We also deploy on Fridays'],
    ['We still deploy on Fridays'], ['We just deploy on Fridays'], ['We only deploy on Fridays'], ['We now deploy on Fridays'],
    ['We then deploy on Fridays'], ['We deploy here on Fridays'], ['We deploy there on Fridays'], ['We deploy on any Friday'],
    ['So we deploy on Fridays'],
  ])('finds the negation of %p', (a) => {
    expect(contradictionBetween(a, 'Nobody deploys to production on Fridays')).toMatchObject({ kind: 'negation' });
  });

  it.each([
    ['We have deployed on Fridays'], ['He has deployed on Fridays'], ['We had deployed on Fridays'], ['It is deployed on Fridays'],
    ['They are deployed on Fridays'], ['It was deployed on Fridays'], ['They were deployed on Fridays'],
    ['It will be deployed on Fridays'], ['It has been deployed on Fridays'], ['It is being deployed on Fridays'],
  ])('finds the negation of %p', (a) => {
    expect(contradictionBetween(a, 'Nobody deployed to production on Fridays')).toMatchObject({ kind: 'negation' });
  });

  it('compares plural and singular forms as one word', () => {
    expect(contradictionBetween('The retry policies are strict', 'The retry policy is not strict')).toMatchObject({ kind: 'negation' });
    expect(contradictionBetween('The worker dies on timeout', 'The worker does not die on timeout')).toMatchObject({ kind: 'negation' });
  });

  it('quotes short words and words ending in -ss or -us whole', () => {
    expect(contradictionBetween('The ops team has access to the status page', 'The ops team has no access to the status page')?.reason)
      .toBe('one statement negates the other (shared terms: ops, team, access, status, page)');
  });

  // The shorter statement decides: its words all occur in the longer one, whichever comes first.
  it.each([
    ['The nightly job exports invoices to S3 every day', 'The nightly job does not export invoices'],
    ['The nightly job does not export invoices', 'The nightly job exports invoices to S3 every day'],
  ])('compares the shorter statement with the longer one: %p / %p', (a, b) => {
    expect(contradictionBetween(a, b)).toMatchObject({ kind: 'negation' });
  });
});
