/** The snowball-stemmers package ships no types: the two functions Quarry uses. */
declare module 'snowball-stemmers' {
  interface Stemmer {
    stem(word: string): string;
  }
  const snowball: {
    newStemmer(algorithm: string): Stemmer;
  };
  export default snowball;
}
