/**
 * FROZEN: which searched queries are shareable and how fast a search's weight decays, as migrations
 * 0006 (the shared log forgets queries that are not shareable) and 0011 (ranks of existing rows,
 * operator queries leave each account's history) apply them. Copied (issue 26) from
 * src/local-index/query-privacy.ts and src/local-index/query-log.ts (`HALF_LIFE_MS`) as of commit
 * 08f9c58.
 *
 * Frozen for the reason given in frozen-index-text.ts: what an old migration keeps or deletes must
 * not follow later changes of the live rules. Never edit it to follow that code.
 */

/** A search counts half as much after a month. */
export const HALF_LIFE_MS = 30 * 24 * 3600 * 1000;

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
