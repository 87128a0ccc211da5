import { derivedFromMetadata, vectorFromBytes } from './record-state.query.js';

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

describe(vectorFromBytes.name, () => {
  /** What pgvector's vector_send writes: dimensions and a reserved word as int16, then big-endian float4s. */
  const sent = (values: number[]) => {
    const view = new DataView(new ArrayBuffer(4 + 4 * values.length));
    view.setUint16(0, values.length);
    values.forEach((v, i) => view.setFloat32(4 + 4 * i, v));
    return new Uint8Array(view.buffer);
  };

  it('reads the floats in order, exactly', () => {
    const values = [0.5, -1.25, Math.fround(0.1), 0, Math.fround(-3.4e38)];
    expect(vectorFromBytes(sent(values))).toEqual(values);
    expect(vectorFromBytes(null)).toBeNull();
  });

  it('reads a view into a larger buffer (how a driver may hand over a column)', () => {
    const inner = sent([1, 2, 3]);
    const outer = new Uint8Array(inner.length + 8);
    outer.set(inner, 5);
    expect(vectorFromBytes(outer.subarray(5, 5 + inner.length))).toEqual([1, 2, 3]);
  });

  it('refuses bytes whose length does not match the dimensions they declare', () => {
    expect(() => vectorFromBytes(sent([1, 2, 3]).subarray(0, 12))).toThrow(/3 dimensions came as 12 bytes/);
  });
});
