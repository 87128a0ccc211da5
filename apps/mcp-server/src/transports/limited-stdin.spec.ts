import { PassThrough } from 'node:stream';
import { limitedStdin } from './limited-stdin.js';

/** Feeds byte chunks through limitedStdin: what the transport would read, and what stdout answered. */
async function run(chunks: Buffer[]): Promise<{ forwarded: string; answered: Array<Record<string, any>> }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const out: string[] = [];
  stdout.on('data', (c: Buffer) => out.push(c.toString('utf8')));
  const filtered = limitedStdin(stdin, stdout);
  const forwarded: string[] = [];
  filtered.on('data', (c: Buffer | string) => forwarded.push(c.toString()));
  const ended = new Promise((r) => filtered.on('end', r));
  for (const c of chunks) stdin.write(c);
  stdin.end();
  await ended;
  return { forwarded: forwarded.join(''), answered: out.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>) };
}

describe('stdin of the stdio transport within the JSON limits (issue 36)', () => {
  it('T3-19 answers 40,000-key and 120,000-item messages with named errors and forwards the others unchanged', async () => {
    const ok = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    // The SDK's client puts the id last, after the params.
    const many = `{"method":"tools/call","params":{"name":"start_thinking","arguments":{"query":"q","metadata":{${Array.from({ length: 40_000 }, (_, i) => `"k${i}":${i}`).join(',')}}}},"jsonrpc":"2.0","id":2}`;
    const items = `{"jsonrpc":"2.0","id":"three","method":"tools/call","params":{"arguments":{"events":[${Array.from({ length: 120_000 }, () => '0').join(',')}]}}}`;
    const last = '{"jsonrpc":"2.0","id":4,"method":"x","params":{"s":"é"}}';
    const bytes = Buffer.from(`${ok}\n${many}\n${items}\n${last}\n`, 'utf8');
    const inside = bytes.lastIndexOf(0xc3) + 1; // between the two bytes of "é"
    const { forwarded, answered } = await run([bytes.subarray(0, inside), bytes.subarray(inside)]);
    expect(forwarded).toBe(`${ok}\n${last}\n`);
    expect(answered).toEqual([
      { jsonrpc: '2.0', id: 2, error: { code: -32600, message: expect.stringContaining('JSON_TOO_MANY_KEYS') } },
      { jsonrpc: '2.0', id: 'three', error: { code: -32600, message: expect.stringContaining('JSON_ARRAY_TOO_LONG') } },
    ]);
  });

  it('T3-23 a message nested 5,000 deep is JSON_TOO_DEEP, answered with its id', async () => {
    const deep = `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"arguments":{"detail":${'{"d":'.repeat(5_000)}1${'}'.repeat(5_000)}}}}`;
    const { forwarded, answered } = await run([Buffer.from(`${deep}\n`)]);
    expect(forwarded).toBe('');
    expect(answered).toEqual([{ jsonrpc: '2.0', id: 9, error: { code: -32600, message: expect.stringContaining('JSON_TOO_DEEP') } }]);
  });
});
