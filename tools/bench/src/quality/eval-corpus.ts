// The evaluation set: five projects (eval-projects.ts), organisation-wide facts in `global`, and
// an assistant's own preferences in `agent:assistant`. Deterministic for a given seed.
import { createRng } from '../corpus.js';
import { EvalSetBuilder } from './eval-builder.js';
import { addProject, day, PROJECTS } from './eval-projects.js';
import type { EvalSet } from './eval-types.js';

const AGENT = 'agent:assistant';

function addGlobal(b: EvalSetBuilder): void {
  const g = ['global'];
  const facts: [string, string, string][] = [
    ['twoApprovals', 'Every production change needs two approvals in the change-management tool.', 'how many approvals does a production change need'],
    ['gdpr', 'Personal data of EU customers must stay in the eu-central-1 region; backups included.', 'where must EU customer data be stored'],
    ['incidentSev', 'A SEV1 incident is declared when checkout or login is unavailable for more than five minutes.', 'when do we declare a SEV1'],
    ['logging', 'All services log structured JSON lines with a trace id field; plain-text logs are rejected by the collector.', 'what log format do services have to use'],
    ['postmortem', 'Postmortems are blameless and due within five working days of a SEV1 or SEV2 incident.', 'deadline for writing a postmortem'],
    ['holidays', 'Nobody deploys on the last working day before a public holiday.', 'can I deploy the day before a holiday'],
  ];
  for (const [key, content, q] of facts) {
    b.create(`global.${key}`, day(8 + key.length), { type: 'fact', scope: 'global', content });
    b.query({ text: q, scopes: [...g, 'project:atlas'], category: 'global-fact', relevant: { [`global.${key}`]: 3 } });
  }
  b.create('global.vpn1', day(12), { type: 'fact', scope: 'global', content: 'The company VPN endpoint is vpn.internal.example and uses the OpenVPN client.' });
  b.supersede('global.vpn2', 'global.vpn1', day(190), { type: 'fact', scope: 'global', content: 'Remote access moved to WireGuard: connect to wg.internal.example; the OpenVPN endpoint was shut down.' });
  b.query({ text: 'how do I connect to the company network from home', scopes: ['global', 'project:beacon'], category: 'fact-chain', relevant: { 'global.vpn2': 3 }, alsoStale: ['global.vpn1'] });
}

function addAssistant(b: EvalSetBuilder): void {
  const scopes = [AGENT, 'global'];
  const prefs: [string, string, string][] = [
    ['reviewStyle', 'The user wants code review comments grouped by severity, blocking issues first.', 'how should I structure review feedback for the user'],
    ['commitStyle', 'The user prefers conventional commit messages with a scope, e.g. feat(api): ...', 'what commit message format does the user like'],
    ['tests', 'The user prefers integration tests against a real database over mocks.', 'does the user want mocked tests'],
    ['tone', 'Keep answers short: the user dislikes long preambles and summaries at the end.', 'how long should my answers be'],
    ['timezone', 'The user works from Lisbon and does not want meetings before 10:00 local time.', 'when can I schedule a meeting with the user'],
  ];
  for (const [key, content, q] of prefs) {
    b.create(`assistant.${key}`, day(30 + key.length * 3), { type: 'preference', scope: AGENT, content });
    b.query({ text: q, scopes, category: 'preference', relevant: { [`assistant.${key}`]: 3 } });
  }
  b.create('assistant.editor1', day(20), { type: 'preference', scope: AGENT, content: 'The user edits code in VS Code with the Vim extension.' });
  b.supersede('assistant.editor2', 'assistant.editor1', day(210), { type: 'preference', scope: AGENT, content: 'The user switched to Neovim and no longer uses VS Code.' });
  b.query({ text: 'which editor does the user work in', scopes, category: 'fact-chain', relevant: { 'assistant.editor2': 3 }, alsoStale: ['assistant.editor1'] });
  b.create('assistant.tabs', day(60), { type: 'preference', scope: AGENT, content: 'Indent with two spaces in TypeScript; never tabs.' });
  b.create('assistant.tabsNo', day(230), { type: 'preference', scope: AGENT, content: 'The user said to indent with tabs in the Go services, as gofmt does.' });
  b.query({ text: 'what indentation does the user want', scopes, category: 'contradiction', relevant: { 'assistant.tabs': 2, 'assistant.tabsNo': 2 } });
}

/** Builds the evaluation set (events in write order, then the labelled queries). */
export function buildEvalSet(seed = 7): EvalSet {
  const rng = createRng(seed);
  const b = new EvalSetBuilder();
  const gateways = new Map<string, string>();
  for (const p of PROJECTS) addProject(b, rng, p, gateways);
  // The same question in every project: each project's gateway fact is a look-alike in the others' scopes.
  for (const p of PROJECTS) {
    const own = gateways.get(p.name) as string;
    const others = [...gateways].filter(([n]) => n !== p.name).map(([, key]) => key);
    b.query({ text: 'what runtime does our api-gateway run on', scopes: [`project:${p.name}`, 'global'], category: 'cross-scope', relevant: { [own]: 3 }, alsoStale: [own.replace(/gw2$/, 'gw1')], otherScope: others });
  }
  addGlobal(b);
  addAssistant(b);
  return b.build();
}
