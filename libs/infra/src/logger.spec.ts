import { jest } from '@jest/globals';
import { configureLogging, getLogger } from './logger.js';

describe('getLogger', () => {
  afterEach(() => configureLogging({ level: 'info', sink: (line) => process.stderr.write(`${line}\n`) }));

  it('writes lines at or above the level with the subsystem and fields', () => {
    const lines: string[] = [];
    configureLogging({ level: 'warn', sink: (line) => lines.push(line) });
    const log = getLogger('db');
    log.info('hidden');
    log.warn('shown', { attempt: 2 });
    log.error('failed', { error: new Error('boom') });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/WARN +\[db\] shown \{"attempt":2\}$/);
    expect(lines[1]).toContain('"message":"boom"');
  });

  it('writes nothing when silent', () => {
    const lines: string[] = [];
    configureLogging({ level: 'silent', sink: (line) => lines.push(line) });
    getLogger('x').error('nope');
    expect(lines).toEqual([]);
  });

  it('defaults to stderr, never stdout', () => {
    const out = jest.spyOn(process.stdout, 'write');
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    getLogger('x').info('to stderr');
    expect(err).toHaveBeenCalledTimes(1);
    expect(out).not.toHaveBeenCalled();
    out.mockRestore();
    err.mockRestore();
  });
});
