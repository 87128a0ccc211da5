import { createHash } from 'node:crypto';
import { runNow, type Steps } from './turns.js';

/*
 * Normalising a 256 KB text (NFKC, whitespace, case) took 30-130 ms in one go on the loaded VM, a
 * pause of the whole event loop (issue 17). It is done in slices cut just after an ASCII
 * whitespace character: such a character is a starter that composes with nothing, is never
 * changed by NFKC and is no cased letter, so each slice normalises exactly as it would inside the
 * whole text; only a run of whitespace that spans two slices has to be joined into one space.
 */
const SLICE_CHARS = 16_384;
const CUT_AFTER = /[ \t\n\r]/g;

function* rawSlices(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    if (text.length - start <= SLICE_CHARS) {
      yield text.slice(start);
      return;
    }
    CUT_AFTER.lastIndex = start + SLICE_CHARS;
    const cut = CUT_AFTER.exec(text);
    const end = cut ? cut.index + 1 : text.length;
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * {@link normaliseContent} as steps of one slice each (turns.ts). `remember: false` leaves the
 * kept result alone (the gate scores stored candidates between its uses of the new text).
 */
export function* normaliseSteps(text: string, remember = true): Steps<string> {
  if (text === lastText) return lastNormalised;
  const parts: string[] = [];
  let endsWithSpace = true; // drops leading whitespace, as trim() does
  for (const slice of rawSlices(text)) {
    yield;
    let part = slice.normalize('NFKC').replace(/\s+/g, ' ').toLowerCase();
    if (endsWithSpace && part.startsWith(' ')) part = part.slice(1);
    if (part.length === 0) continue;
    parts.push(part);
    endsWithSpace = part.endsWith(' ');
  }
  const joined = parts.join('');
  const normalised = endsWithSpace ? joined.slice(0, -1) : joined;
  if (remember) {
    lastText = text;
    lastNormalised = normalised;
  }
  return normalised;
}

// The gate normalises one request's text several times (Layer 2's token set and word list, the
// content hash, the commit's snapshot): the last text's result is kept (the same string object
// compares in O(1)).
let lastText: string | undefined;
let lastNormalised = '';

/** Normalises text for duplicate detection: trimmed, whitespace collapsed, lower-cased (NFKC). */
export function normaliseContent(text: string): string {
  return runNow(normaliseSteps(text));
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** {@link contentHash} as steps (the normalisation, then the hash of slices of it). */
export function* contentHashSteps(text: string): Steps<string> {
  const normalised = yield* normaliseSteps(text);
  const hash = createHash('sha256');
  for (let i = 0; i < normalised.length;) {
    yield;
    let end = Math.min(i + SLICE_CHARS * 4, normalised.length);
    // Never between the two halves of a surrogate pair: each half alone would encode as U+FFFD.
    if (end < normalised.length && isHighSurrogate(normalised.charCodeAt(end - 1))) end++;
    hash.update(normalised.slice(i, end), 'utf8');
    i = end;
  }
  return hash.digest('hex');
}

/** sha256 (hex) of the normalised content: equal hashes mean exact duplicates. */
export function contentHash(text: string): string {
  return runNow(contentHashSteps(text));
}
