// wink-porter2-stemmer ships no types: one function, word in, Porter2 (Snowball English) stem out.
declare module 'wink-porter2-stemmer' {
  const stem: (word: string) => string;
  export default stem;
}
