/*
 * Short names of events for titles and the memory-context narrative (issue 37): "Caroline: I passed
 * the adoption agency interviews last Friday (Friday 20 October 2023)!" is named "Caroline passed
 * the adoption agency interviews". Pure and deterministic; no grammar model, a few patterns.
 */

const ACTOR = /^([^:]{1,40}):\s+/;
/** Irregular past tenses of the events people tell (regular ones end in -ed). */
const PAST = 'went got took made bought began found won lost met saw ran gave wrote built read sold left told brought held kept sent spent taught drove flew fell broke chose grew became had did';
/**
 * "I passed …", "I've been to Paris", "I'm putting together …": a first-person event whose verb a
 * title can keep with the actor's name in place of "I" (past tense or perfect reads the same).
 */
const FIRST_PERSON = new RegExp(
  `\\bI(?:'ve| have)?\\s+(?:just\\s+|finally\\s+|even\\s+|recently\\s+|also\\s+|actually\\s+)*((?:${PAST.split(' ').join('|')}|been|[a-z]{2,}ed)\\b(?!')[^.!?;:,()]*)`
  + `|\\bI(?:'m| am)\\s+(?:just\\s+|finally\\s+|also\\s+|now\\s+)*([a-z]{2,}ing\\b[^.!?;:,()]*)`, 'i');
/** "my son got into an accident": an event of someone close to the actor. */
const THEIR = new RegExp(`\\bmy\\s+((?:[a-z]+\\s+){0,2}?(?:${PAST.split(' ').join('|')}|[a-z]{2,}ed)\\b(?!')[^.!?;:,()]*)`, 'i');
/** Where a clause ends inside the captured rest: a dash or a turn to another clause. */
const CLAUSE_END = /\s(?:[-–—]|but|so|because|'cause|and (?:i|we|it|that))\s/i;
const MAX_WORDS = 8;

/** Words after which an "I" starts a clause of its own ("so I went", "yesterday I got"). */
const OPENERS = /(?:^|[.!?,;:\-–—"]|\b(?:and|so|but|then|because|'cause|when|since|oh|well|yeah|yes|also|just|finally|actually|recently|yesterday|today|ago|week|weekend|month|year|night|morning|friday|saturday|sunday|monday|tuesday|wednesday|thursday|hey|guess|what's more|plus))\s*$/i;

/** Whether the text before a first-person "I" ends where a clause may start. */
const clauseStart = (before: string): boolean => OPENERS.test(before.trimEnd()) || before.trim() === '';

/** The actor and the sentence of a bullet ("Name: text"); a bullet without a prefix has no actor. */
export function splitBullet(text: string): { actor: string | null; said: string } {
  const m = ACTOR.exec(text);
  return m ? { actor: m[1] as string, said: text.slice(m[0].length) } : { actor: null, said: text };
}

/** A first-person clause told of the actor: "lost my job" reads "lost their job". */
const THIRD: Record<string, string> = { i: 'they', me: 'them', my: 'their', mine: 'theirs', myself: 'themself' };

/** Up to MAX_WORDS words of a clause, without a trailing conjunction, article or preposition. */
function shortClause(clause: string, third = false): string {
  const words = (clause.split(CLAUSE_END)[0] ?? clause).trim().split(/\s+/).slice(0, MAX_WORDS)
    .map((w) => (third ? THIRD[w.toLowerCase()] ?? w : w));
  while (words.length > 1 && /^(?:a|an|the|and|or|to|of|with|for|in|on|at|my|our|their|that|some|into|as|from|about|by|was|were|is|are|be|last|this|next|such|so|very|really|just|being|been)$/i.test(words[words.length - 1] as string)) words.pop();
  return words.join(' ');
}

/**
 * The event a bullet tells, named with its actor: "Tim got an endorsement with a popular beverage
 * company" for "Tim: … I got an endorsement with a popular beverage company!", "Melanie's son got
 * into an accident" for "my son got into…"; null when the bullet tells no first-person event.
 */
export function firstPersonEvent(bullet: string): string | null {
  const { actor, said } = splitBullet(bullet);
  if (!actor) return null;
  const text = said.replace(/\s*\([^()]*\)/g, '');
  const m = FIRST_PERSON.exec(text);
  // "the help I got from friends", "what I did": an "I" inside a noun phrase tells no event.
  if (m && clauseStart(text.slice(0, m.index)) && (m[1] ?? m[2] ?? '').trim().split(/\s+/).length >= 2) {
    const past = m[1];
    if (past) return `${actor} ${shortClause(past.replace(/^been\b/i, 'has been'), true)}`;
    return `${actor} is ${shortClause(m[2] as string, true)}`;
  }
  const t = THEIR.exec(text);
  return t ? `${actor}'s ${shortClause(t[1] as string, true)}` : null;
}

/** A bullet's event named for a title: the first-person event, else "Actor: first clause". */
export function eventPhrase(bullet: string): string {
  const named = firstPersonEvent(bullet);
  if (named) return named;
  const { actor, said } = splitBullet(bullet);
  const first = shortClause((said.replace(/\s*\([^()]*\)/g, '').split(/[.!?;:,]/)[0] ?? said));
  return actor ? `${actor}: ${first}` : first;
}
