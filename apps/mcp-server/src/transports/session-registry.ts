import { randomUUID } from 'node:crypto';
import type { MemoryService } from '@engram/agents';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createEngramMcpServer } from '../create-mcp-server.js';
import type { McpServerOptions } from '../server-options.js';

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
}

/**
 * Live Streamable HTTP sessions. A session starts with an initialize request and ends on DELETE
 * or transport close; its id is then unknown and later requests get 404 (MCP 2025-11-25).
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly service: MemoryService,
    private readonly options: McpServerOptions,
    private readonly log: (m: string) => void,
  ) {}

  get(id: string): StreamableHTTPServerTransport | undefined {
    return this.sessions.get(id)?.transport;
  }

  /** The scope sessions use when the client names no project (--project / ENGRAM_PROJECT, else global). */
  get defaultScope(): string | undefined {
    return this.options.sessionScope;
  }

  get size(): number {
    return this.sessions.size;
  }

  /**
   * A transport for a new session; it registers itself once the initialize handshake assigns an id.
   * `sessionScope` is the connection's own project (X-Engram-Project), else the server's default.
   */
  async open(sessionScope: string | undefined = this.options.sessionScope): Promise<StreamableHTTPServerTransport> {
    const server = createEngramMcpServer(this.service, { ...this.options, sessionScope }, this.log);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return transport;
  }

  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(all.map((s) => s.server.close()));
  }
}
