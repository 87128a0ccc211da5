import { DEFAULT_DECISION_CONFIG as C } from './decision-config.js';
import { decayCategoryOf } from './decay-policy.js';
import type { ImplicitEvent } from './implicit-event.js';

const ev = (text: string): ImplicitEvent => ({ source: 'hook', kind: 'Notification', text, ts: new Date('2026-11-26T12:00:00Z'), scope: 'project:p' });

describe('decay category: preference wording (slow decay) wins over the event kind', () => {
  it.each([
    'I like tabs', 'we want dark mode', 'I hate yaml anchors', 'user  likes  vim',
    'They prefer squash merges', 'Preferred: four spaces',
  ])('%s', (text) => {
    expect(decayCategoryOf(ev(text), C)).toBe('preference');
  });

  it('ordinary text of a notification kind stays a conversation event', () => {
    expect(decayCategoryOf(ev('the build finished'), C)).toBe('conversation');
  });
});
