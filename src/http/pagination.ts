import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../errors.js';
import { dropCredentialParams } from './redact.js';

export interface Page {
  readonly number: number;
  readonly offset: number;
  readonly size: number;
}

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * DRF's PageNumberPagination: `?page=N` (or `last`); a page that is not a positive integer or
 * lies beyond the last page is `404 {"detail": "Invalid page."}`, except an empty first page.
 */
export async function paginate<T>(
  request: FastifyRequest,
  size: number,
  count: () => Promise<number>,
  load: (offset: number, limit: number) => Promise<T[]>,
): Promise<Paginated<T>> {
  const given = (request.query as Record<string, unknown> | undefined)?.page;
  // Django's QueryDict.get answers the last of repeated parameters: `?page=3&page=1` is page 1.
  const raw: unknown = Array.isArray(given) ? given[given.length - 1] : given;
  const total = await count();
  const lastPage = Math.max(1, Math.ceil(total / size));
  let number = 1;
  if (raw !== undefined && raw !== '') {
    if (raw === 'last') number = lastPage;
    else if (typeof raw === 'string' && /^\d{1,9}$/.test(raw)) number = Number(raw);
    else throw new NotFoundError('Invalid page.');
  }
  if (number < 1 || number > lastPage) throw new NotFoundError('Invalid page.');
  const results = await load((number - 1) * size, size);
  return {
    count: total,
    next: number < lastPage ? pageUrl(request, number + 1) : null,
    previous: number > 1 ? pageUrl(request, number - 1) : null,
    results,
  };
}

/**
 * The link to another page: PUBLIC_URL, the request's path and its query without credentials.
 * Never the `Host` header, which a client chooses: a link must not point wherever a request said.
 */
function pageUrl(request: FastifyRequest, page: number): string {
  // Parsed against a fixed origin and only path and query kept: a request target such as
  // `//elsewhere.example/…` cannot move the link to another host.
  const requested = new URL(request.url, 'http://request.invalid');
  const url = new URL(request.server.publicUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '')}${requested.pathname}`;
  url.search = requested.search;
  dropCredentialParams(url);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * The sequence numbers of a status page bounded by bytes (Firecrawl's `next`): the first of `rows`
 * (at most `limit`) whose sizes fit in `maxBytes` together, and always at least one, so that a
 * single result larger than the budget is still served, alone.
 */
export function seqsWithinBytes(rows: readonly { readonly seq: unknown; readonly bytes: unknown }[], limit: number, maxBytes: number): number[] {
  const chosen: number[] = [];
  let total = 0;
  for (const row of rows.slice(0, limit)) {
    const bytes = Number(row.bytes);
    if (chosen.length > 0 && total + bytes > maxBytes) break;
    chosen.push(Number(row.seq));
    total += bytes;
  }
  return chosen;
}
