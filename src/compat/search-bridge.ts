/**
 * What the Tavily, Exa and Jina search surfaces share: their filters written in Quarry's query
 * language and `tbs`, and ranks as scores. Jina Reader's search still runs one combined search
 * through the REST API (`searchVia`), whose relative ages it turns back into dates (`absoluteDate`):
 * the lossy round trip Tavily and Exa no longer make (they read the search use case's dates).
 */
import type { QuarryRest, RestAnswer } from './quarry-rest.js';

export interface BridgeSearch {
  readonly query: string;
  readonly vertical: 'web' | 'news';
  readonly limit: number;
  readonly includeDomains?: readonly string[] | undefined;
  readonly excludeDomains?: readonly string[] | undefined;
  /** A Google-style `tbs` (`qdr:w`, `cdr:1,cd_min:M/D/YYYY`), checked by the REST API. */
  readonly tbs?: string | undefined;
  readonly country?: string | undefined;
  readonly lang?: string | undefined;
}

export interface BridgeItem {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
  /** ISO 8601, derived from the relative age Quarry reports ("3 days ago"); absent when unknown. */
  readonly publishedDate?: string;
  /** 1-based rank. */
  readonly position: number;
}

export type BridgeOutcome =
  { readonly ok: true; readonly items: BridgeItem[]; readonly answer: RestAnswer } | { readonly ok: false; readonly answer: RestAnswer };

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

const AGE = /^(\d+)\s+(min|mins|minute|minutes|hour|hours|day|days|week|weeks|month|months|year|years)\s+ago$/i;
const UNIT_MS: Record<string, number> = { min: 60_000, hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000, year: 365 * 86_400_000 };

/** "3 days ago" → the ISO date-time that long before `now`; any other text → undefined. */
export function absoluteDate(age: string | undefined, now: Date): string | undefined {
  const match = age === undefined ? null : AGE.exec(age.trim());
  if (!match) return undefined;
  const unit = match[2]!.toLowerCase().replace(/s$/, '').replace('minute', 'min');
  return new Date(now.getTime() - Number(match[1]) * (UNIT_MS[unit] ?? 0)).toISOString();
}

interface RawItem {
  title?: string;
  url?: string;
  link?: string;
  description?: string;
  snippet?: string;
  date?: string;
  position?: number;
}

/** One combined search (`POST /api/v1/search`) of one vertical, metered like any REST search. */
export async function searchVia(rest: QuarryRest, apiKey: string, search: BridgeSearch, now: Date): Promise<BridgeOutcome> {
  const body = {
    query: queryWithDomains(search.query, search.includeDomains, search.excludeDomains),
    sources: [search.vertical],
    limit: search.limit,
    ...(search.tbs === undefined ? {} : { tbs: search.tbs }),
    ...(search.country === undefined ? {} : { country: search.country }),
    ...(search.lang === undefined ? {} : { lang: search.lang }),
  };
  const answer = await rest.post('/api/v1/search', apiKey, body);
  if (answer.status !== 200) return { ok: false, answer };
  const data = (answer.body as { data?: Record<string, RawItem[] | undefined> }).data ?? {};
  const items = (data[search.vertical] ?? []).map((raw, index): BridgeItem => {
    const publishedDate = absoluteDate(raw.date, now);
    return {
      title: raw.title ?? '',
      url: raw.url ?? raw.link ?? '',
      snippet: raw.description ?? raw.snippet ?? '',
      ...(publishedDate === undefined ? {} : { publishedDate }),
      position: raw.position ?? index + 1,
    };
  });
  return { ok: true, items, answer };
}

/** A relevance score in (0, 1] from the rank, for formats that carry one (Quarry ranks, it does not score). */
export function rankScore(position: number, total: number): number {
  return Math.round((1 - (position - 1) / Math.max(total, 1)) * 1000) / 1000;
}
