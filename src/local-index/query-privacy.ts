/**
 * Which searched queries may ever become suggestions for other accounts. A query that carries an
 * operator, an email address, a URL, a long number or a token-like string may identify a person or
 * hold a secret (a capability URL, an API key, an order number), so it stays in the searching
 * account's own history whatever the number of accounts that searched it.
 */

const OPERATOR = /(^|\s)-?(site|filetype|ext|inurl|intitle|allinurl|allintitle|cache|related|info):/i;
const EXCLUSION = /(^|\s)-\S/;
const QUOTE_OR_OR = /"|(^|\s)OR(\s|$)/;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const URL_LIKE = /[a-z][a-z0-9+.-]*:\/\/|(^|\s)www\.|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}\/\S*/i;
/** Six digits or more, spaces and separators included: phone, card, order and account numbers. */
const LONG_NUMBER = /\d(?:[\s.\-/]?\d){5,}/;

/** A word of 16+ characters mixing letters and digits, or of 24+ characters of any base64/hex alphabet. */
function looksLikeToken(word: string): boolean {
  const letters = /[a-z]/i.test(word);
  const digits = /\d/.test(word);
  if (word.length >= 16 && letters && digits) return true;
  return word.length >= 24 && /^[A-Za-z0-9+/=_-]+$/.test(word);
}

/** Whether the query narrows its search with an operator (`site:`, `-word`, quotes, `OR`…). */
export function hasOperator(query: string): boolean {
  return OPERATOR.test(query) || EXCLUSION.test(query) || QUOTE_OR_OR.test(query);
}

/** Whether the query may become a global suggestion once enough distinct accounts searched it. */
export function isShareableQuery(query: string): boolean {
  if (hasOperator(query)) return false;
  if (EMAIL.test(query) || URL_LIKE.test(query) || LONG_NUMBER.test(query)) return false;
  return !query.split(/\s+/).some(looksLikeToken);
}
