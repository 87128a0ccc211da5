import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { progressListenerOf } from './tool-progress.js';

describe('progressListenerOf', () => {
  const sink = () => {
    const sent: ServerNotification[] = [];
    return { sent, sendNotification: async (n: ServerNotification) => void sent.push(n) };
  };

  it('is absent when the request carries no progressToken', () => {
    expect(progressListenerOf({ sendNotification: sink().sendNotification })).toBeUndefined();
    expect(progressListenerOf({ _meta: {}, sendNotification: sink().sendNotification })).toBeUndefined();
    expect(progressListenerOf(undefined)).toBeUndefined();
  });

  it('sends notifications/progress for the token, dropping reports that do not increase', async () => {
    const s = sink();
    const listener = progressListenerOf({ _meta: { progressToken: 7 }, sendNotification: s.sendNotification })!;
    await listener(1, 3, 'one');
    await listener(1, 3);
    await listener(0, 3);
    await listener(3, 3);
    expect(s.sent).toEqual([
      { method: 'notifications/progress', params: { progressToken: 7, progress: 1, total: 3, message: 'one' } },
      { method: 'notifications/progress', params: { progressToken: 7, progress: 3, total: 3 } },
    ]);
  });

  it('never fails the work when the client is gone', async () => {
    const listener = progressListenerOf({ _meta: { progressToken: 'x' }, sendNotification: async () => { throw new Error('stream closed'); } })!;
    await expect(listener(1, 2)).resolves.toBeUndefined();
  });
});
