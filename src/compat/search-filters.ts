/**
 * What the Tavily, Exa and Jina search surfaces share: their filters written in Quarry's query
 * language and `tbs`, and ranks as scores. Dates need no conversion: the search use case keeps them
 * as dates, and each surface writes them in its own form.
 */

/** A host name as the domain filters take it (`example.com`, `docs.example.com`); no scheme, port or spaces. */
export const DOMAIN_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(?:/[^\\s]*)?$';

/** The query with the domain filters as `site:` clauses: included ones joined by OR, excluded ones negated. */
export function queryWithDomains(query: string, include: readonly string[] = [], exclude: readonly string[] = []): string {
  const parts = [query.trim()];
  if (include.length > 0) parts.push(include.map((domain) => `site:${domain}`).join(' OR '));
  for (const domain of exclude) parts.push(`-site:${domain}`);
  return parts.join(' ');
}

/** `YYYY-MM-DD` (or a full ISO date-time) as the `M/D/YYYY` a `cdr` range takes; undefined if not a date. */
export function usDate(iso: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(iso);
  if (!match) return undefined;
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

/** A custom-range `tbs` from optional ISO bounds (already checked with `usDate`). */
export function rangeTbs(from: string | undefined, to: string | undefined): string | undefined {
  if (from === undefined && to === undefined) return undefined;
  return ['cdr:1', ...(from ? [`cd_min:${usDate(from)}`] : []), ...(to ? [`cd_max:${usDate(to)}`] : [])].join(',');
}

/** A relevance score in (0, 1] from the rank, for formats that carry one (Quarry ranks, it does not score). */
export function rankScore(position: number, total: number): number {
  return Math.round((1 - (position - 1) / Math.max(total, 1)) * 1000) / 1000;
}
