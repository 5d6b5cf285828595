/** Pieces shared by the scholarly adapters (Crossref, OpenAlex, arXiv). */
import { queryKeywords, type ParsedQuery } from '../query.js';

/** Plain keywords for bibliographic search APIs that know no operators. */
export function keywordQuery(query: ParsedQuery): string {
  return queryKeywords(query).join(' ');
}

/** A snippet-sized cut of an abstract. */
export function snippetOf(text: string | undefined, maxLength = 300): string | undefined {
  if (text === undefined) return undefined;
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
