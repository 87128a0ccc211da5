import { InvalidRecordError, UnknownTypeError } from './errors.js';
import { createTypeRegistry } from './type-registry.js';

describe('createTypeRegistry', () => {
  it('has the eight built-ins with the SPEC half-lives and classes', () => {
    const r = createTypeRegistry();
    expect(r.names().sort()).toEqual(['belief', 'context', 'decision', 'episode', 'fact', 'preference', 'skill', 'task']);
    expect(r.get('preference').halfLifeDays).toBe(90);
    expect(r.get('context').halfLifeDays).toBe(1);
    expect(r.get('task').halfLifeDays).toBe(7);
    expect(r.get('episode')).toMatchObject({ memoryClass: 'episodic', halfLifeDays: 14, mutability: 'immutable' });
    expect(r.get('decision')).toMatchObject({ memoryClass: 'semantic', mutability: 'immutable' });
    expect(r.get('skill')).toMatchObject({ memoryClass: 'procedural', halfLifeDays: 693 });
    expect(r.get('belief').gatePolicy).toBe('review');
  });

  it('applies overrides and adds custom types', () => {
    const r = createTypeRegistry({ task: { halfLifeDays: 3 }, runbook: { memoryClass: 'procedural' } });
    expect(r.get('task').halfLifeDays).toBe(3);
    expect(r.get('task').memoryClass).toBe('episodic');
    expect(r.get('runbook')).toEqual({ name: 'runbook', memoryClass: 'procedural', halfLifeDays: 693, mutability: 'mutable', gatePolicy: 'review' });
  });

  it('rejects unknown lookups and invalid definitions', () => {
    const r = createTypeRegistry();
    expect(() => r.get('nope')).toThrow(UnknownTypeError);
    expect(() => createTypeRegistry({ thing: {} })).toThrow(InvalidRecordError);
    expect(() => createTypeRegistry({ fact: { halfLifeDays: 0 } })).toThrow(InvalidRecordError);
    expect(() => createTypeRegistry({ 'Bad Name': { memoryClass: 'semantic' } })).toThrow(InvalidRecordError);
  });
});
