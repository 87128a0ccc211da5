// wink-porter2-stemmer ships no types: a CommonJS module whose export is one function, word in,
// Porter2 (Snowball English) stem out.
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string;
  export = stem;
}
