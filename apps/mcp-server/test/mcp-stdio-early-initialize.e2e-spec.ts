import { createServer, type Socket } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildApp, childEnv, mcpMain, tempHome } from '../../../tools/test/app-process.js';

/*
 * Issue 39: a stdio connect waited for the whole runtime (database, migrations, model): 5-15 s per
 * connect under load, 61-144 s on a fresh home, past clients' connect timeouts. The server now
 * answers the handshake at once and holds other requests until the runtime is composed. Here the
 * runtime cannot finish: its database is a TCP port that accepts and never answers.
 */
beforeAll(() => buildApp('mcp-server'));

describe('MCP stdio server: handshake before the runtime is ready (issue 39)', () => {
  const home = tempHome();
  afterAll(() => home.remove());

  it('answers initialize, ping and tools/list while the database stalls, holds a tool call, and exits when the database fails', async () => {
    const sockets: Socket[] = [];
    const stalled = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const port = (stalled.address() as { port: number }).port;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [mcpMain, '--stdio'],
      env: childEnv({ ENGRAM_HOME: home.dir, ENGRAM_MODEL_DIR: `${home.dir}/no-model`, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/engram` }),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
    const client = new Client({ name: 'early-initialize', version: '1.0.0' });
    try {
      await client.connect(transport, { timeout: 60_000 });
      expect(client.getServerVersion()?.name).toBe('engram');
      await client.ping({ timeout: 30_000 });
      const { tools } = await client.listTools(undefined, { timeout: 30_000 });
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['remember', 'recall', 'memory.search']));
      expect(sockets.length).toBeGreaterThan(0); // the runtime is still waiting for its database

      let settled = false;
      const call = client.callTool({ name: 'memory.search', arguments: { query: 'held', mode: 'keyword' } }, undefined, { timeout: 120_000 })
        .then((r) => r, (e: unknown) => e)
        .finally(() => (settled = true));
      await new Promise((r) => setTimeout(r, 1_500));
      expect(settled).toBe(false);

      // The database fails: the server reports why and exits; the held call ends with the session.
      for (const s of sockets) s.destroy();
      stalled.close();
      await closed;
      expect(await call).toBeInstanceOf(Error);
      expect(stderr).toMatch(/connection|terminated|database/i);
    } finally {
      await client.close().catch(() => undefined);
      for (const s of sockets) s.destroy();
      stalled.close();
    }
  }, 180_000);
});
