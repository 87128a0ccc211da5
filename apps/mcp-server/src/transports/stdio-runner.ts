import { Inject, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { MemoryService } from '@engram/agents';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createEngramMcpServer } from '../create-mcp-server.js';
import type { McpServerOptions } from '../server-options.js';
import { MEMORY_SERVICE, SERVER_OPTIONS } from '../tokens.js';
import { limitedStdin } from './limited-stdin.js';

/** Serves MCP over stdin/stdout. stdout carries protocol frames only; logs go to stderr. */
export class StdioRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: McpServer | undefined;
  /** Resolves when the client closes stdin (the session is over). */
  readonly closed: Promise<void>;
  private markClosed: () => void = () => undefined;

  constructor(
    @Inject(MEMORY_SERVICE) private readonly service: MemoryService,
    @Inject(SERVER_OPTIONS) private readonly options: McpServerOptions,
  ) {
    this.closed = new Promise((resolve) => (this.markClosed = resolve));
  }

  async onApplicationBootstrap(): Promise<void> {
    this.server = createEngramMcpServer(this.service, this.options, (m) => process.stderr.write(`${m}\n`));
    // Messages over the JSON limits are answered and dropped before the SDK parses them (issue 36).
    const transport = new StdioServerTransport(limitedStdin(process.stdin, process.stdout), process.stdout);
    transport.onclose = () => this.markClosed();
    process.stdin.on('end', () => this.markClosed());
    await this.server.connect(transport);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
  }
}
