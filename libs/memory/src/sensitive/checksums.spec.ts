import { ibanValid, looksLikeAwsSecret, luhnValid, ssnValid } from './checksums.js';

// The checksums decide whether a card-, IBAN- or SSN-shaped number is personal data (redacted).
describe('card number checksum (Luhn)', () => {
  it('accepts valid 13- and 16-digit numbers, including digits that double past 9', () => {
    for (const n of ['4222222222222', '4111111111111111', '4012888888881881', '5555555555554444', '6011000990139424', '3530111333300000']) {
      expect({ n, valid: luhnValid(n) }).toEqual({ n, valid: true });
    }
  });

  it('rejects one wrong digit, and a Luhn-valid number shorter than 13 digits', () => {
    for (const n of ['4012888888881882', '5555555555554445', '4222222222223', '411111111117']) {
      expect({ n, valid: luhnValid(n) }).toEqual({ n, valid: false });
    }
  });
});

describe('IBAN checksum (ISO 13616, mod 97)', () => {
  it('accepts valid IBANs, spaced or not, with letters in the account part', () => {
    for (const iban of ['GB82 WEST 1234 5698 7654 32', 'NL91ABNA0417164300', 'nl91 abna 0417 1643 00', 'DE89370400440532013000']) {
      expect({ iban, valid: ibanValid(iban) }).toEqual({ iban, valid: true });
    }
  });

  it('rejects a passing checksum in the wrong shape: too short, too long, a letter in the check digits, not starting with a country', () => {
    // Each of these passes mod 97; only the shape check refuses it.
    for (const iban of ['GB57WEST123456', `GB23WEST${'1'.repeat(27)}`, 'GB8BWEST12345698765432', '1B43WEST12345698765432']) {
      expect({ iban, valid: ibanValid(iban) }).toEqual({ iban, valid: false });
    }
  });
});

describe('US SSN rules', () => {
  it('refuses area 000, 666 and 9xx, group 00 and serial 0000; accepts the rest', () => {
    expect(ssnValid('123', '45', '6789')).toBe(true);
    expect(ssnValid('899', '01', '0001')).toBe(true);
    for (const [a, g, s] of [['000', '45', '6789'], ['666', '45', '6789'], ['900', '45', '6789'], ['123', '00', '6789'], ['123', '45', '0000']]) {
      expect({ a, g, s, valid: ssnValid(a!, g!, s!) }).toEqual({ a, g, s, valid: false });
    }
  });
});

describe('looksLikeAwsSecret', () => {
  it('needs an upper-case letter, a lower-case letter and a digit', () => {
    expect(looksLikeAwsSecret('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).toBe(true);
    expect(looksLikeAwsSecret('AB12'.repeat(10))).toBe(false);
    expect(looksLikeAwsSecret('ab12'.repeat(10))).toBe(false);
    expect(looksLikeAwsSecret('AbCd'.repeat(10))).toBe(false);
  });
});
