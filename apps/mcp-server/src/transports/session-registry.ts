import { randomUUID } from 'node:crypto';
import type { MemoryService } from '@engram/agents';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createEngramMcpServer } from '../create-mcp-server.js';
import type { CallerIdentity } from '../identity/caller-identity.js';
import type { McpServerOptions } from '../server-options.js';

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  identity: CallerIdentity;
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

  /** Whether a request with `identity` may use session `id` (the credential that opened it, ADR-0027). */
  belongsTo(id: string, identity: CallerIdentity): boolean {
    const owner = this.sessions.get(id)?.identity;
    return owner !== undefined && owner.credential === identity.credential && owner.actor === identity.actor;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** A transport for a new session; it registers itself once the initialize handshake assigns an id. */
  async open(identity: CallerIdentity): Promise<StreamableHTTPServerTransport> {
    const server = createEngramMcpServer(this.service, this.options, this.log, identity);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server, identity });
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
