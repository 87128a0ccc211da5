import { pipelineNow, stateOf } from './record-state.fixture.js';
import type { SourceState } from './record-state.query.js';
import { cascadeFlagsOf, exclusionMessage, exclusionOf, staleSourceIssue, staleSources } from './validate-state.js';

const source = (id: string, status: SourceState['status'], scope = 'global'): SourceState => ({ id, status, supersededBy: null, scope });

describe(exclusionOf.name, () => {
  const scopes = ['global'];
  it('delivers a current, stored record in scope', () => {
    expect(exclusionOf(stateOf('a'), scopes, pipelineNow)).toBeNull();
  });

  it.each([
    ['orphan', undefined],
    ['orphan', { ...stateOf('a'), gateRequestId: null }],
    ['out_of_scope', stateOf('a', { scope: 'project:x' })],
    ['forgotten', stateOf('a', { status: 'forgotten' })],
    ['superseded', stateOf('a', { status: 'superseded' })],
    ['superseded', stateOf('a', { supersededBy: 'b' })],
    ['invalidated', stateOf('a', { status: 'invalidated' })],
    ['archived', stateOf('a', { status: 'archived' })],
    ['archived', stateOf('a', { archived: true })],
    ['not_yet_valid', stateOf('a', { validFrom: new Date(pipelineNow.getTime() + 1) })],
    ['expired', stateOf('a', { validTo: pipelineNow })],
  ])('says %s', (reason, state) => {
    expect(exclusionOf(state, scopes, pipelineNow)).toBe(reason);
  });

  it('delivers an archived record when asked to, and one valid from exactly now or until later', () => {
    expect(exclusionOf(stateOf('a', { status: 'archived' }), scopes, pipelineNow, true)).toBeNull();
    expect(exclusionOf(stateOf('a', { validFrom: pipelineNow, validTo: new Date(pipelineNow.getTime() + 1) }), scopes, pipelineNow)).toBeNull();
  });
});

describe(staleSources.name, () => {
  it('names the superseded, invalidated and forgotten sources, not the current or unknown ones', () => {
    const state = stateOf('a', {}, { derivedFrom: ['s1', 's2', 's3', 's4', 's5', 'missing'] });
    const sources = new Map([
      ['s1', source('s1', 'superseded')], ['s2', source('s2', 'invalidated')], ['s3', source('s3', 'forgotten')],
      ['s4', source('s4', 'active')], ['s5', source('s5', 'archived')],
    ]);
    expect(staleSources(state, sources).map((s) => s.id)).toEqual(['s1', 's2', 's3']);
  });
});

describe(cascadeFlagsOf.name, () => {
  it('asks for one review per stale source, in plain words', () => {
    const state = stateOf('a', {}, { derivedFrom: ['s1', 's2', 's3', 's4'] });
    const sources = new Map([['s1', source('s1', 'superseded')], ['s2', source('s2', 'invalidated')], ['s3', source('s3', 'forgotten')], ['s4', source('s4', 'active')]]);
    expect(cascadeFlagsOf(state, sources)).toEqual([
      { memoryId: 'a', causeId: 's1', causeStatus: 'superseded', reason: 'derived from a superseded record' },
      { memoryId: 'a', causeId: 's2', causeStatus: 'invalidated', reason: 'derived from an invalidated record' },
      { memoryId: 'a', causeId: 's3', causeStatus: 'forgotten', reason: 'derived from a forgotten record' },
    ]);
  });
});

describe(staleSourceIssue.name, () => {
  it('is null without stale sources', () => {
    expect(staleSourceIssue([], ['global'])).toBeNull();
  });

  it('names visible sources and hides the others', () => {
    expect(staleSourceIssue([source('s1', 'superseded'), source('s2', 'forgotten', 'project:secret')], ['global'])).toEqual({
      code: 'derived_from_stale',
      message: 'derived from s1 (superseded), a record outside your scopes (forgotten): it may no longer hold and is queued for review',
      relatedIds: ['s1'],
    });
  });

  it('gives no related ids when none is visible', () => {
    expect(staleSourceIssue([source('s2', 'invalidated', 'project:secret')], ['global'])).toEqual({
      code: 'derived_from_stale',
      message: 'derived from a record outside your scopes (invalidated): it may no longer hold and is queued for review',
    });
  });
});

describe(exclusionMessage.name, () => {
  it('tells a missing id from an orphan head row', () => {
    expect(exclusionMessage('orphan', undefined)).toBe('no stored record has this id');
    expect(exclusionMessage('orphan', { ...stateOf('a'), gateRequestId: null })).toBe('the head row has no stored version behind it (orphan)');
  });

  it('names the replacement, the retraction reason and the validity bounds', () => {
    expect(exclusionMessage('superseded', stateOf('a', { supersededBy: 'b' }))).toBe('superseded by b');
    expect(exclusionMessage('superseded', stateOf('a'))).toBe('superseded by a newer record');
    expect(exclusionMessage('invalidated', stateOf('a', { statusReason: 'wrong port' }))).toBe('retracted: wrong port');
    expect(exclusionMessage('invalidated', stateOf('a'))).toBe('retracted');
    expect(exclusionMessage('expired', stateOf('a', { validTo: pipelineNow }))).toBe(`valid until ${pipelineNow.toISOString()}, which has passed`);
    expect(exclusionMessage('not_yet_valid', stateOf('a', { validFrom: pipelineNow }))).toBe(`valid only from ${pipelineNow.toISOString()}`);
    // A caller's own reason can disagree with the row (it was read earlier): the text still reads.
    expect(exclusionMessage('expired', stateOf('a'))).toBe('valid until a past date, which has passed');
  });

  it('without a stored state, tells only the reason', () => {
    expect(exclusionMessage('invalidated', undefined)).toBe('invalidated');
    expect(exclusionMessage('not_yet_valid', undefined)).toBe('not yet valid');
  });

  it('spells the other reasons out', () => {
    expect(exclusionMessage('out_of_scope', stateOf('a'))).toBe('out of scope');
    expect(exclusionMessage('below_min_confidence', stateOf('a'))).toBe('below min confidence');
  });
});
