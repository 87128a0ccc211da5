/** Luhn (mod 10) check of a card number's digits: random 16-digit ids fail it 9 times in 10. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 13 && sum % 10 === 0;
}

/** ISO 13616 IBAN check (mod 97 = 1 over the rearranged, letter-expanded number). */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const rearranged = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : ch;
    for (const digit of value) rest = (rest * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return rest === 1;
}

/** A US SSN's area, group and serial may not be 000/666/9xx, 00 or 0000 (SSA rules). */
export function ssnValid(area: string, group: string, serial: string): boolean {
  return area !== '000' && area !== '666' && area[0] !== '9' && group !== '00' && serial !== '0000';
}

/** A bare 40-character AWS secret key: base64 alphabet with upper, lower and digit (a git hash is lower-case hex). */
export function looksLikeAwsSecret(s: string): boolean {
  return /[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s);
}

/** Issuer prefixes and lengths of the card brands (Visa, Mastercard, Amex, Discover, JCB, Diners, Maestro, UnionPay). */
const CARD_BRANDS: ReadonlyArray<{ prefix: RegExp; lengths: readonly number[] }> = [
  { prefix: /^4/, lengths: [13, 16, 19] },
  { prefix: /^(?:5[1-5]|2(?:2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/, lengths: [16] },
  { prefix: /^3[47]/, lengths: [15] },
  { prefix: /^(?:6011|65|64[4-9]|622)/, lengths: [16, 17, 18, 19] },
  { prefix: /^35(?:2[89]|[3-8]\d)/, lengths: [16, 17, 18, 19] },
  { prefix: /^3(?:0[0-5]|[689])/, lengths: [14, 15, 16, 17, 18, 19] },
  { prefix: /^(?:5018|5020|5038|5893|6304|6759|676[1-3])/, lengths: [12, 13, 14, 15, 16, 17, 18, 19] },
  { prefix: /^62/, lengths: [16, 17, 18, 19] },
];

/** Whether the digits start like a card brand's numbers and have one of its lengths (an epoch-ms timestamp starts with 1: none). */
export function cardBrandFits(digits: string): boolean {
  return CARD_BRANDS.some((b) => b.prefix.test(digits) && b.lengths.includes(digits.length));
}
