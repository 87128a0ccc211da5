import type { MemoryService } from '@engram/agents';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createEngramMcpServer } from '../create-mcp-server.js';
import type { McpServerOptions } from '../server-options.js';
import { HoldingTransport } from './holding-transport.js';
import { limitedStdin } from './limited-stdin.js';

/**
 * Serves MCP over stdin/stdout. stdout carries protocol frames only; logs go to stderr.
 *
 * The session opens BEFORE the memory runtime is composed (database, migrations, model): it answers
 * `initialize`, `ping` and `tools/list` at once and holds every other message until {@link serve} hands it the
 * service. A client's connect timeout then covers only Node's start, not the runtime's (issue 39:
 * 61-144 s on a fresh home at load 27-28 made CI's Inspector give up). The tools are the same
 * whatever the runtime, so the handlers are built now over a service that is filled in later;
 * no handler runs before that, since its request is held.
 */
export class StdioRunner {
  /** Resolves when the client closes stdin (the session is over). */
  readonly closed: Promise<void>;
  private readonly transport: HoldingTransport;
  private readonly server: McpServer;
  private real: MemoryService | undefined;

  private constructor(options: McpServerOptions, log: (m: string) => void) {
    let markClosed: () => void = () => undefined;
    this.closed = new Promise((resolve) => (markClosed = resolve));
    // Messages over the JSON limits are answered and dropped before the SDK parses them (issue 36).
    this.transport = new HoldingTransport(new StdioServerTransport(limitedStdin(process.stdin, process.stdout), process.stdout));
    this.transport.onclose = () => markClosed();
    process.stdin.on('end', () => markClosed());
    this.server = createEngramMcpServer(this.deferredService(), options, log);
  }

  /** Starts reading stdin: `initialize` is answered from now on. */
  static async open(options: McpServerOptions, log: (m: string) => void): Promise<StdioRunner> {
    const runner = new StdioRunner(options, log);
    await runner.server.connect(runner.transport);
    return runner;
  }

  /** The runtime is ready: the held messages are handled, in the order they came. */
  serve(service: MemoryService): void {
    this.real = service;
    this.transport.release();
  }

  async close(): Promise<void> {
    await this.server.close();
  }

  /** Forwards every member to the composed service; reached only after {@link serve}. */
  private deferredService(): MemoryService {
    return new Proxy(Object.create(null) as MemoryService, {
      get: (_target, member) => {
        if (this.real === undefined) throw new Error(`the memory runtime is not ready (reading ${String(member)})`);
        const value: unknown = Reflect.get(this.real, member);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(this.real) : value;
      },
    });
  }
}
