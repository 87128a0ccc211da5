import { randomUUID } from 'node:crypto';
import type { MemoryService } from '@engram/agents';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createEngramMcpServer } from '../create-mcp-server.js';
import type { CallerIdentity } from '../identity/caller-identity.js';
import { DEFAULT_SESSION_SETTINGS, type SessionSettings } from './session-settings.js';
import type { McpServerOptions } from '../server-options.js';

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  identity: CallerIdentity;
  /** Last request (ms since epoch): idle sessions are closed, the least recently used evicted at the cap. */
  seen: number;
}

/**
 * Live Streamable HTTP sessions. A session starts with an initialize request and ends on DELETE
 * or transport close; its id is then unknown and later requests get 404 (MCP 2025-11-25).
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly service: MemoryService,
    private readonly options: McpServerOptions,
    private readonly log: (m: string) => void,
    readonly settings: SessionSettings = DEFAULT_SESSION_SETTINGS,
  ) {
    this.sweeper = setInterval(() => this.closeIdle(), Math.min(30_000, (settings.idleSeconds * 1000) / 4));
    this.sweeper.unref();
  }

  /** The session's transport (and marks it used), or undefined when unknown, closed or evicted. */
  get(id: string): StreamableHTTPServerTransport | undefined {
    const session = this.sessions.get(id);
    if (session) session.seen = Date.now();
    return session?.transport;
  }

  /** Closes sessions idle longer than the setting (memory of abandoned clients, issue 18). */
  closeIdle(now = Date.now()): number {
    const idle = [...this.sessions.entries()].filter(([, s]) => now - s.seen > this.settings.idleSeconds * 1000);
    for (const [id] of idle) this.close(id);
    if (idle.length) this.log(`closed ${idle.length} idle MCP session(s) (idle > ${this.settings.idleSeconds} s)`);
    return idle.length;
  }

  private close(id: string): void {
    const session = this.sessions.get(id);
    this.sessions.delete(id);
    void session?.server.close().catch(() => undefined);
  }

  /** At the cap, the least recently used session makes room (its client re-initializes on 404). */
  private makeRoom(): void {
    while (this.sessions.size >= this.settings.maxSessions) {
      const oldest = [...this.sessions.entries()].reduce((a, b) => (b[1].seen < a[1].seen ? b : a));
      this.close(oldest[0]);
    }
  }

  /** A transport and server for ONE request without a session (stateless mode); closed with the response. */
  async openStateless(
    identity: CallerIdentity, sessionScope: string | undefined = this.options.sessionScope,
  ): Promise<{ transport: StreamableHTTPServerTransport; close(): void }> {
    const server = createEngramMcpServer(this.service, { ...this.options, sessionScope }, this.log, identity);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    return { transport, close: () => void server.close().catch(() => undefined) };
  }

  /** Whether a request with `identity` may use session `id` (the credential that opened it, ADR-0027). */
  belongsTo(id: string, identity: CallerIdentity): boolean {
    const owner = this.sessions.get(id)?.identity;
    return owner !== undefined && owner.credential === identity.credential && owner.actor === identity.actor;
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
  async open(identity: CallerIdentity, sessionScope: string | undefined = this.options.sessionScope): Promise<StreamableHTTPServerTransport> {
    const server = createEngramMcpServer(this.service, { ...this.options, sessionScope }, this.log, identity);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.makeRoom();
        this.sessions.set(id, { transport, server, identity, seen: Date.now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return transport;
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(all.map((s) => s.server.close()));
  }
}
