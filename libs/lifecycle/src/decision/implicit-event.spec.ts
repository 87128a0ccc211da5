import { InvalidEventError } from '@engram/memory';
import { validateEvent, type ImplicitEvent } from './implicit-event.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const ev = (over: Partial<ImplicitEvent> = {}): ImplicitEvent => ({ source: 'hook', kind: 'PostToolUse', text: 'ran the tests', ts: NOW, scope: 'project:p', ...over });
const refused = (over: Partial<ImplicitEvent>, field: RegExp) => {
  expect(() => validateEvent(ev(over))).toThrow(InvalidEventError);
  expect(() => validateEvent(ev(over))).toThrow(field);
};

describe('implicit event validation (stage 1 step 1): the first bad field is named', () => {
  it('takes text up to 20 000 characters, and refuses blank or longer text', () => {
    expect(() => validateEvent(ev({ text: 'x'.repeat(20_000) }))).not.toThrow();
    refused({ text: 'x'.repeat(20_001) }, /^text is longer than 20000 characters$/);
    refused({ text: ' \n\t ' }, /^text must not be empty$/);
  });

  it('takes a kind of 64 characters, not 65', () => {
    expect(() => validateEvent(ev({ kind: `k${'a'.repeat(63)}` }))).not.toThrow();
    refused({ kind: `k${'a'.repeat(64)}` }, /^kind must be/);
  });

  it('refuses a kind or text that is not a string (events arrive as JSON), even one that reads as valid text', () => {
    refused({ kind: ['PostToolUse'] as never }, /^kind must be/);
    refused({ kind: 42 as never }, /^kind must be/);
    refused({ text: ['ran the tests'] as never }, /^text must not be empty$/);
    refused({ text: 7 as never }, /^text must not be empty$/);
  });

  it('takes a valid source time for recency, and refuses an invalid one', () => {
    expect(() => validateEvent(ev({ recencyFrom: new Date('2023-10-22T10:00:00Z') }))).not.toThrow();
    refused({ recencyFrom: new Date('nope') }, /^recencyFrom must be a valid time$/);
    refused({ recencyFrom: '2023-10-22' as never }, /^recencyFrom must be a valid time$/);
  });

  it('takes entity hints of up to 200 characters; refuses longer ones, non-strings and a non-list', () => {
    expect(() => validateEvent(ev({ entities: ['a'.repeat(200), 'user:bob'] }))).not.toThrow();
    refused({ entities: ['ok', 'a'.repeat(201)] }, /^entities must be strings of at most 200 characters$/);
    refused({ entities: ['ok', 7 as never] }, /^entities must be/);
    refused({ entities: 'user:bob' as never }, /^entities must be/);
  });

  it('names the source and scope rules in its refusals', () => {
    refused({ source: 'mail' as never }, /^source must be one of hook, prd, telemetry$/);
    refused({ scope: 'team:x' }, /^scope "team:x" is not global, project:<id> or agent:<id>$/);
    refused({ ts: new Date('nope') }, /^ts must be a valid time$/);
  });
});
