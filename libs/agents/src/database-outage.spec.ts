import { databaseOutage } from './database-outage.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe(databaseOutage.name, () => {
  it.each([
    ['a refused socket', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['an admin shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['a closed database', withCode('database "x" is not currently accepting connections', '55000')],
    ['a dropped socket', new Error('Connection terminated unexpectedly')],
    ['an outage wrapped as a cause', new Error('query failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
  ])('recognises %s', (_name, err) => {
    expect(databaseOutage(err)).toMatch(/^database unavailable: /);
  });

  it.each([
    ['a constraint violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a domain error', withCode('memory 1 not found', 'RECORD_NOT_FOUND')],
    ['a non-error', 'ECONNREFUSED'],
  ])('leaves %s alone', (_name, err) => {
    expect(databaseOutage(err)).toBeNull();
  });
});
