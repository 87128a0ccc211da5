import type { Mention } from './people-book.js';
import { escapeRegExp } from '../escape-reg-exp.js';

/**
 * The query as BM25 reads it: without the words that name people (ADR-0045). Who is meant is the
 * turn prior's part. A speaker's name would match every turn stored under it, the shortest first
 * ("Ann: Thanks!" outranks what Ann said about the question), and a name the chat calls someone
 * ("Kate") mostly matches the other person's turns that address her ("Thanks Kate!"), which hold
 * nothing about her. A query of names alone keeps them.
 */
export function withoutNames(text: string, mentions: readonly Mention[]): string {
  let out = text;
  for (const m of mentions) {
    out = out.replace(new RegExp(`(?<![\\p{L}])${escapeRegExp(m.word)}(?:['’]s)?(?![\\p{L}])`, 'gu'), ' ');
  }
  out = out.replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]{3}/u.test(out) ? out : text;
}
