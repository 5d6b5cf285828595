/**
 * Limits on what one query may ask of an engine. Quarry's own index turns every clause into a
 * node of a full-text expression (SQLite FTS5 refuses expressions deeper than 256 nodes, and every
 * `-word` nests one level deeper), so a query with hundreds of exclusions would fail inside the
 * shared engine. Such a query is refused up front with a 400 naming the limit: nothing is held,
 * charged or sent to any engine, and no engine's health is touched.
 */
import type { ParsedQuery } from './query-clauses.js';

/** Most `-word`, `-"phrase"` and `-operator:` clauses one query may hold. */
export const MAX_QUERY_NEGATIONS = 32;
/** Most clauses one query may hold, each option of an `a OR b` group counted. */
export const MAX_QUERY_CLAUSES = 64;

/** Why the query cannot be searched, as the message of its field in a 400 body; undefined when it is fine. */
export function queryLimitError(query: ParsedQuery): string | undefined {
  let negations = 0;
  let clauses = 0;
  for (const clause of query.clauses) {
    if (clause.kind === 'anyOf') {
      clauses += clause.options.length;
      continue;
    }
    clauses++;
    if (clause.negated) negations++;
  }
  if (negations > MAX_QUERY_NEGATIONS) {
    return `A query may exclude at most ${MAX_QUERY_NEGATIONS} words, phrases or operators (this one excludes ${negations}).`;
  }
  if (clauses > MAX_QUERY_CLAUSES) return `A query may hold at most ${MAX_QUERY_CLAUSES} words, phrases or operators (this one holds ${clauses}).`;
  return undefined;
}
