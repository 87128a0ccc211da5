import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/**
 * What a server answers before its use cases exist: the handshake, liveness and the tool list (the
 * same whatever the runtime; clients list tools as part of connecting), nothing that reads memory.
 */
const ANSWERED_BEFORE_READY: ReadonlySet<string> = new Set(['initialize', 'notifications/initialized', 'ping', 'tools/list']);

/**
 * A transport that holds incoming messages, except the handshake, until {@link release}; then it
 * delivers them in arrival order and passes everything through. Sending is never held.
 */
export class HoldingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private held: { message: JSONRPCMessage; extra: MessageExtraInfo | undefined }[] | null = [];

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message, extra) => this.receive(message, extra);
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  /** Delivers what was held, in order; from now on nothing is held. */
  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const { message, extra } of held) this.onmessage?.(message, extra);
  }

  private receive(message: JSONRPCMessage, extra: MessageExtraInfo | undefined): void {
    const method = 'method' in message ? message.method : undefined;
    if (this.held === null || (method !== undefined && ANSWERED_BEFORE_READY.has(method))) this.onmessage?.(message, extra);
    else this.held.push({ message, extra });
  }
}
