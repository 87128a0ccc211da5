import type { ProgressListener } from '@engram/agents';
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';

/** The part of the SDK's RequestHandlerExtra that progress needs. */
export interface ProgressCarrier {
  _meta?: { progressToken?: string | number };
  sendNotification: (notification: ServerNotification) => Promise<void>;
}

/**
 * A listener that turns a use case's progress into `notifications/progress` for the request's
 * `_meta.progressToken` (MCP 2025-11-25, utilities/progress), or undefined when the client asked
 * for none, so the use case does not even count. Progress only ever increases (the spec's MUST):
 * a report not above the last is dropped. Sending is best effort: a client gone mid-call must not
 * fail the work, whose result still counts.
 */
export function progressListenerOf(extra: ProgressCarrier | undefined): ProgressListener | undefined {
  const progressToken = extra?._meta?.progressToken;
  if (progressToken === undefined || !extra) return undefined;
  let last = -Infinity;
  return async (done, total, message) => {
    if (!(done > last)) return;
    last = done;
    try {
      await extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken, progress: done, total, ...(message !== undefined ? { message } : {}) },
      });
    } catch {
      // The request's stream is gone (client disconnected); the tool's work goes on.
    }
  };
}
