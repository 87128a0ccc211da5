/*
 * How a chat addresses its people (issue 35). Real chats call a person by names their `speaker`
 * field does not hold: a nickname, a second name, the name they introduced themselves with ("Hey
 * Kate!", "Thank you Kate", "That sounds incredible, Emily!"). A name in such a position is spoken
 * TO someone: the person who answers it, not the one who writes it. These patterns find the names a
 * turn addresses; people-book.ts turns repeated evidence into aliases. No name is listed here.
 */

/** A name as chats write it: capitalised, letters only (a lower-case word is too often not a name). */
const NAME = String.raw`(\p{Lu}[\p{Ll}'’-]{1,24})`;
/** Then: punctuation or the end of the text, never an apostrophe s ("Kate's" talks about Kate). */
const AFTER = String.raw`(?!['’]s\b)\s*(?=[!?.,:;)…]|$)`;
/** Words that come right before a name said to someone: greetings, thanks, reactions, "you". */
const BEFORE = [
  'hey', 'hi', 'hello', 'hiya', 'heya', 'yo', 'dear', 'thanks', 'thank you', 'thx', 'ty', 'bye', 'goodbye', 'good night', 'goodnight',
  'good morning', 'morning', 'night', 'congrats', 'congratulations', 'sorry', 'welcome', 'love you', 'miss you', 'see you', 'see ya',
  'talk to you', 'talk soon', 'cheers', 'wow', 'omg', 'oh', 'ah', 'aw+', 'haha', 'lol', 'yes', 'yeah', 'yep', 'no', 'nope', 'ok', 'okay',
  'sure', 'true', 'cool', 'nice', 'great', 'awesome', 'amazing', 'same', 'exactly', 'absolutely', 'you', 'about you', 'and you', 'for you',
  // the end of a farewell or a wish: "See you tomorrow Kate", "Happy birthday Kate!", "Good luck Kate"
  'tomorrow', 'today', 'tonight', 'soon', 'later', 'again', 'too', 'luck', 'birthday', 'new years?', 'day', 'weekend', 'evening', 'friend',
].join('|');

const PATTERNS = [
  // "Hey Kate!", "Thank you Kate", "What about you Kate?", "That is so true Kate!"
  new RegExp(String.raw`\b(?:${BEFORE})[\s,]+${NAME}${AFTER}`, 'giu'),
  // "Kate, you have to try it" / "Kate!" at the start of a turn
  new RegExp(String.raw`^\s*${NAME}\s*[,!]`, 'gu'),
  // "That sounds incredible, Emily!" at the end of a sentence
  new RegExp(String.raw`,\s*${NAME}\s*[!?.…]*\s*(?:$|(?<=[!?.…])\s)`, 'gu'),
];

/** Only the start of a long text is read: addressing happens at the start or end of short turns. */
const READ_CHARS = 600;

/** The distinct names `text` addresses someone by, as written. */
export function addressedNames(text: string): string[] {
  const head = text.length > READ_CHARS ? text.slice(0, READ_CHARS) : text;
  const found = new Set<string>();
  for (const re of PATTERNS) {
    for (const m of head.matchAll(re)) {
      // "Hey! How are you?" has no name; "Hi, I'm doing good" neither: the pattern's name group
      // must not be a word of the greeting list itself.
      const name = m[1] as string;
      if (!new RegExp(`^(?:${BEFORE})$`, 'i').test(name)) found.add(name);
    }
  }
  return [...found];
}
