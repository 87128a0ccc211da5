/** What `/health` and `engram status` report. Built by the runtime from infra. */
export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  database: { ok: boolean; backend: string; location: string; error?: string; migrations?: string };
  model: { ok: boolean; name: string; dir: string; error?: string };
  /** The vector backlog: records waiting for a vector, and how long the oldest has waited (seconds). */
  embeddings: { pending: number | null; oldestAgeSeconds: number | null };
  /** `librarian`: server mode's librarian process (ADR-0047), when this process hands its writes to one. */
  gate: { pending: number | null; librarian?: { ok: boolean; error?: string } };
  /** Conversation events not yet summarised into the TOC (the build-toc backlog). */
  conversation: { pendingOutbox: number | null };
  config: Record<string, unknown>;
}

/** Produces a fresh {@link HealthReport}; never throws (failures are reported, not raised). */
export interface HealthProbe {
  report(): Promise<HealthReport>;
}

/** Closes what the runtime opened (job queue, embedder, database). */
export interface Runtime {
  close(): Promise<void>;
}
