/**
 * A page's content cut to what a model is given: its first `budgetTokens` tokens, ending at a
 * paragraph or line break where one is near. The cut is reported, so the caller can warn.
 */

export interface FittedContent {
  readonly text: string;
  /** Whether the page was longer than the budget. */
  readonly cut: boolean;
}

/** No token is longer than this many characters in practice: a first cut that bounds the counting. */
const MAX_CHARS_PER_TOKEN = 16;

export function fitContent(text: string, budgetTokens: number, countTokens: (text: string) => number): FittedContent {
  if (text.length <= budgetTokens || countTokens(text) <= budgetTokens) return { text, cut: false };
  // The longest prefix within the budget, by halving: about 17 counts of at most the first cut.
  let low = 0;
  let high = Math.min(text.length, budgetTokens * MAX_CHARS_PER_TOKEN);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countTokens(text.slice(0, middle)) <= budgetTokens) low = middle;
    else high = middle - 1;
  }
  const prefix = text.slice(0, low);
  // Back to the last paragraph (or line) break in the final fifth, so no sentence is cut in half.
  const paragraph = prefix.lastIndexOf('\n\n');
  const line = prefix.lastIndexOf('\n');
  const brk = paragraph >= low * 0.8 ? paragraph : line >= low * 0.8 ? line : low;
  return { text: prefix.slice(0, brk).trimEnd(), cut: true };
}
