import { randomUUID } from 'node:crypto';
import { redactSensitive, redactText, scanValue } from './scanner.js';

/*
 * Issue 36: the evasions that got secrets and personal data stored raw (T3-21), and the ordinary
 * numbers the old rules took for card numbers and SSNs (T3-22).
 */
const kinds = (text: string) => scanValue({ content: text }).map((d) => d.kind);
const TOKEN_TAIL = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';

describe('secret scanner: evasions (issue 36 T3-21)', () => {
  it.each([
    ['T3-21 a card number with a -x suffix', 'card 4111 1111 1111 1111-x', 'card_number'],
    ['T3-21 a card number with a -meta suffix', 'pay 4012888888881881-meta', 'card_number'],
    ['T3-21 a card number inside a word', 'ref:abc4111111111111111xyz', 'card_number'],
    ['T3-21 an SSN with a -x suffix', 'my ssn 123-45-6789-x', 'ssn'],
    ['T3-21 an SSN without dashes', 'SSN: 123456789', 'ssn'],
    ['T3-21 a GitHub token with a fullwidth underscore', `token ghp\uFF3F${TOKEN_TAIL}`, 'github_token'],
    ['T3-21 a GitHub token split by a newline', `token ghp_${TOKEN_TAIL.slice(0, 10)}\n${TOKEN_TAIL.slice(10)}`, 'github_token'],
    ['T3-21 a PGP private key block', '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF0abc\n=xyz1\n-----END PGP PRIVATE KEY BLOCK-----', 'private_key'],
    ['T3-21 a Google API key', 'maps key AIzaSyD-1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7', 'google_api_key'],
    ['T3-21 a Stripe sk_live_ key', 'stripe sk_live_51H8aBcDeFgHiJkLmNoPqRsTuV', 'stripe_key'],
    ['T3-21 an npm token', `//registry/:_authToken=npm_${'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5'.slice(0, 36)}`, 'npm_token'],
    ['T3-21 PGPASSWORD=', 'PGPASSWORD=hunter22 psql -h db', 'password'],
  ])('%s', (_name, text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it('T3-21 redacts a Stripe sk_live_ key, keeping the text around it', () => {
    expect(redactText('use sk_live_51H8aBcDeFgHiJkLmNoPqRsTuV now', ['secret'])).toBe('use [REDACTED:stripe_key] now');
  });

  it('T3-21 a token split by a newline leaves no part of it', () => {
    const head = `ghp_${TOKEN_TAIL.slice(0, 12)}`;
    const tail = TOKEN_TAIL.slice(12);
    const out = redactSensitive({ text: `see ${head}\n  ${tail} for access` }) as { text: string };
    expect(out.text).not.toContain(head);
    expect(out.text).not.toContain(tail);
    expect(out.text).toContain('[REDACTED:github_token]');
  });

  it('T3-21 a fullwidth-underscore token is redacted in every string of a value', () => {
    const out = redactSensitive({ metadata: { note: `ghp\uFF3F${TOKEN_TAIL}` } });
    expect(JSON.stringify(out)).not.toContain(TOKEN_TAIL);
  });
});

describe('secret scanner: ordinary numbers are not personal data (issue 36 T3-22)', () => {
  // 40 epoch-millisecond timestamps of 2026, and 20 16-digit ids that pass Luhn (the old rule's only test).
  const epochs = Array.from({ length: 40 }, (_, i) => String(1_767_225_600_000 + i * 777_777_777));
  const luhnIds = ['4539578763621486', '4916338506082832', '5425233430109903', '5105105105105100', '6011000990139424',
    '3530111333300000', '4024007103939509', '4485275742308327', '5555555555554444', '4111111111111111',
    '4012888888881881', '2223003122003222', '5200828282828210', '6011111111111117', '6555900000604105',
    '4000056655665556', '5454545454545454', '4242424242424242', '4000002500003155', '6200000000000005'];

  it('T3-22 epoch-millisecond timestamps are not card numbers', () => {
    const found = epochs.filter((t) => kinds(`event at ${t} ms`).length > 0);
    expect(found).toEqual([]);
  });

  it('T3-22 16-digit ids that pass Luhn are not card numbers without card context or grouping', () => {
    const found = luhnIds.filter((id) => kinds(`order id ${id} shipped`).length > 0);
    expect(found).toEqual([]);
    // The same digits grouped like a card, or named as one, are.
    expect(kinds('4539 5787 6362 1486')).toEqual(['card_number']);
    expect(kinds('visa 4539578763621486')).toEqual(['card_number']);
  });

  it('UUIDs are not card numbers, even where their digits run across dashes and pass Luhn', () => {
    // The id a CI run redacted in its own imported text: "4172-8937-58642" passes Luhn, glued to "dfdb442".
    expect(kinds('Imported text v1 of 26c9d771-c7fa-4172-8937-58642dfdb442')).toEqual([]);
    const ids = Array.from({ length: 20_000 }, () => randomUUID());
    expect(ids.filter((id) => kinds(`Imported text v1 of ${id}`).length > 0)).toEqual([]);
    // A card written into a string shaped like an id but not a UUID (variant 0100) is still found.
    expect(kinds('card ref abcdefab-cdef-1abc-4111-111111111111')).toEqual(['card_number']);
    expect(kinds('ref:abc4111111111111111xyz')).toEqual(['card_number']);
    // Inside a UUID (Visa 4111 8111 1111 1116 across its groups) only a word about cards makes it one.
    expect(kinds('card abcdefab-cdef-4111-8111-11111116abcd')).toEqual(['card_number']);
    expect(kinds('ref abcdefab-cdef-4111-8111-11111116abcd')).toEqual([]);
  });

  it('T3-22 ddd-dd-dddd strings are SSNs only where the text speaks of SSNs', () => {
    const parts = Array.from({ length: 20 }, (_, i) => `${String(101 + i * 37).padStart(3, '0')}-${String(10 + i * 3)}-${String(1000 + i * 411)}`);
    expect(parts.filter((p) => kinds(`part number ${p} in stock`).length > 0)).toEqual([]);
    expect(parts.filter((p) => kinds(`SSN ${p}`).length === 0)).toEqual([]);
  });
});
