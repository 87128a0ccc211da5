import type { Conversation } from './dataset.js';
import { scopeOf, sessionOf, SHARED_SCOPE } from './load-turns.js';

const turn = { diaId: 'D2:1', speaker: 'Emi', session: 2, date: '2023-12-30T00:34:28', validFrom: new Date('2023-12-30T00:34:28Z'), content: 'Emi: hi' };
const chat = (sampleId: string, scope?: string): Conversation => ({ sampleId, turns: [turn], questions: [], ...(scope && { scope }) });

describe('where the conversation benchmark stores a conversation', () => {
  it('gives each conversation a scope of its own, and keeps the dataset session number', () => {
    expect(scopeOf(chat('Chat_1'))).toBe('project:locomo-Chat_1');
    expect(scopeOf(chat('Chat_2'))).not.toBe(scopeOf(chat('Chat_1')));
    expect(sessionOf(chat('Chat_1'), turn)).toBe(2);
  });

  it('in one shared scope, keeps the sessions of two conversations apart', () => {
    const [a, b] = [chat('Chat_1', SHARED_SCOPE), chat('Chat_2', SHARED_SCOPE)];
    expect(scopeOf(a)).toBe(scopeOf(b));
    expect(sessionOf(a, turn)).toBe('Chat_1/2');
    expect(sessionOf(a, turn)).not.toBe(sessionOf(b, turn));
  });
});
