import { FORGOTTEN_CONTENT } from '@engram/memory';
import { tombstoneForgotten } from './import-tombstone.js';

const version = (status: string, content: string) => ({ status, content, metadata: { note: content }, tags: ['t'], statusReason: `${status} because`, operation: 'update' });

describe(tombstoneForgotten.name, () => {
  it('leaves a history without a forgotten version as it is', () => {
    const history = [version('active', 'v1'), version('superseded', 'v2')];
    expect(tombstoneForgotten(history)).toBe(history);
  });

  it('turns the last forgotten version into the tombstone and purges every earlier one, keeping later ones', () => {
    const out = tombstoneForgotten([version('active', 'secret v1'), version('forgotten', 'secret v2'), version('active', 'restored v3')]);
    expect(out).toEqual([
      { status: 'active', content: FORGOTTEN_CONTENT, metadata: {}, tags: [], statusReason: null, operation: 'update' },
      { status: 'forgotten', content: FORGOTTEN_CONTENT, metadata: {}, tags: [], statusReason: 'forgotten because', operation: 'forget' },
      version('active', 'restored v3'),
    ]);
  });

  it('purges a history whose only version is the forgotten one', () => {
    expect(tombstoneForgotten([version('forgotten', 'secret')])).toEqual([
      { status: 'forgotten', content: FORGOTTEN_CONTENT, metadata: {}, tags: [], statusReason: 'forgotten because', operation: 'forget' },
    ]);
  });
});
