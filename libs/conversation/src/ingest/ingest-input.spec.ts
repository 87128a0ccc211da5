import { InvalidEventError } from '../errors.js';
import { toNewEvent } from './ingest-input.js';
import { parseWireEvent } from './wire-event.js';

const defaults = { project: 'project:acme', agent: 'import', mode: 'unified' as const };

describe('ingest input', () => {
  it('keeps the source time, defaults role by kind, estimates tokens and derives a stable id', () => {
    const e = toNewEvent({ sessionId: 's', ts: '2025-01-02T03:04:05.678+01:00', kind: 'tool_result', text: 'x'.repeat(40) }, defaults);
    expect(e).toMatchObject({ ts: new Date('2025-01-02T02:04:05.678Z'), role: 'tool', tokens: 10, project: 'project:acme', agent: 'import' });
    expect(toNewEvent({ sessionId: 's', ts: '2025-01-02T02:04:05.678Z', kind: 'tool_result', text: 'x'.repeat(40) }, defaults).eventId).toBe(e.eventId);
    expect(toNewEvent({ sessionId: 's', ts: '2025-01-02T02:04:05.679Z', kind: 'tool_result', text: 'x'.repeat(40) }, defaults).eventId).not.toBe(e.eventId);
    expect(toNewEvent({ sessionId: 's', ts: e.ts, kind: 'note', text: '', eventId: 'mine', agent: 'a' }, { ...defaults, mode: 'per-agent' }))
      .toMatchObject({ eventId: 'mine', project: 'project:acme@a', tokens: 0 });
    expect(() => toNewEvent({ sessionId: 's', ts: 'yesterday', kind: 'note', text: '' }, defaults)).toThrow(InvalidEventError);
    expect(() => toNewEvent({ sessionId: 's', ts: e.ts, kind: 'shout', text: '' }, defaults)).toThrow(/unknown kind "shout"/);
  });

  it('parses JSONL wire events strictly', () => {
    const ok = parseWireEvent({ session_id: 's', ts: '2025-01-02T03:04:05Z', kind: 'user_message', text: 'hi', metadata: { a: 1 }, event_id: 'e1' }, 'line 1');
    expect(ok).toEqual({ sessionId: 's', ts: '2025-01-02T03:04:05Z', kind: 'user_message', text: 'hi', metadata: { a: 1 }, eventId: 'e1' });
    expect(() => parseWireEvent({ session_id: 's', ts: '2025-01-02T03:04:05', kind: 'note', text: '' }, 'line 2')).toThrow(/line 2: ts .* with offset/);
    expect(() => parseWireEvent({ session_id: 's', ts: '2025-01-02T03:04:05Z', kind: 'note', text: '', sessionId: 'x' }, 'line 3')).toThrow(/unknown key\(s\) sessionId/);
    expect(() => parseWireEvent({ ts: '2025-01-02T03:04:05Z', kind: 'note', text: '' }, 'line 4')).toThrow(/"session_id" must be/);
    expect(() => parseWireEvent([1], 'line 5')).toThrow(/expected a JSON object/);
  });

  it('T3-20 refuses a secret in an event identifier on every ingest path (hook, CLI import), naming the field, not the secret', () => {
    const token = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
    const base = { sessionId: 's', ts: '2026-01-02T03:04:05Z', kind: 'note', text: 'x' };
    for (const [field, patch] of [['session_id', { sessionId: token }], ['event_id', { eventId: `e-${token}` }], ['agent', { agent: token }], ['project', { project: `project:${token}` }]] as const) {
      expect(() => toNewEvent({ ...base, ...patch }, defaults, 2)).toThrow(new RegExp(`event 2: ${field} contains .*github_token`));
      try {
        toNewEvent({ ...base, ...patch }, defaults);
      } catch (error) {
        expect(String(error)).not.toContain(token);
      }
    }
  });

  it('T3-23 refuses a ts in year 0000 by name', () => {
    expect(() => toNewEvent({ sessionId: 's', ts: '0000-06-01T00:00:00Z', kind: 'note', text: '' }, defaults)).toThrow(InvalidEventError);
  });
});
