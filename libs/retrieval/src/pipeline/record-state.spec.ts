import { derivedFromMetadata } from './record-state.query.js';

const a = '0b4f6a2e-9d1c-4e55-8f3a-1c2d3e4f5a6b';
const b = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe(derivedFromMetadata.name, () => {
  it('reads one id or a list, under either spelling', () => {
    expect(derivedFromMetadata({ derived_from: a })).toEqual([a]);
    expect(derivedFromMetadata({ derived_from: [a, b] })).toEqual([a, b]);
    expect(derivedFromMetadata({ derivedFrom: [b] })).toEqual([b]);
    expect(derivedFromMetadata({ derived_from: [a], derivedFrom: [b] })).toEqual([a]);
  });

  it('ignores what is not a record id', () => {
    expect(derivedFromMetadata({})).toEqual([]);
    expect(derivedFromMetadata({ derived_from: ['not-an-id', 42, null, { id: a }, a] })).toEqual([a]);
    expect(derivedFromMetadata({ derived_from: 42 })).toEqual([]);
  });
});
