/**
 * Filling a page of `num` results from upstreams whose pages are smaller or differently cut.
 * Quarry's page `page` of size `num` is the result range [(page − 1) · num, page · num).
 */
export interface ResultRange {
  /** 0-based index of the first wanted result. */
  readonly start: number;
  /** How many results are wanted. */
  readonly count: number;
}

export function rangeOf(request: { readonly page: number; readonly num: number }): ResultRange {
  return { start: (request.page - 1) * request.num, count: request.num };
}

/**
 * For upstreams paged by number with a page size we choose (Brave's `offset`, OpenAlex's `page`):
 * fetches the upstream pages (1-based) that cover the range, in order, and stops early at a short
 * page (the end of the results) or past `maxPage`.
 */
export async function collectNumberedPages<T>(
  range: ResultRange,
  pageSize: number,
  maxPage: number,
  fetchPage: (pageNumber: number) => Promise<readonly T[]>,
): Promise<T[]> {
  const first = Math.floor(range.start / pageSize) + 1;
  const last = Math.min(maxPage, Math.floor((range.start + range.count - 1) / pageSize) + 1);
  const collected: T[] = [];
  for (let pageNumber = first; pageNumber <= last; pageNumber++) {
    const items = await fetchPage(pageNumber);
    collected.push(...items);
    if (items.length < pageSize) break;
  }
  const skip = range.start - (first - 1) * pageSize;
  return collected.slice(skip, skip + range.count);
}

/**
 * For upstreams paged by item offset with a per-call cap (Crossref `rows`/`offset`, arXiv
 * `start`/`max_results`): as many calls as needed, stopping at a short answer.
 */
export async function collectByOffset<T>(
  range: ResultRange,
  maxPerCall: number,
  fetchSlice: (offset: number, limit: number) => Promise<readonly T[]>,
): Promise<T[]> {
  const collected: T[] = [];
  let offset = range.start;
  while (collected.length < range.count) {
    const limit = Math.min(maxPerCall, range.count - collected.length);
    const items = await fetchSlice(offset, limit);
    collected.push(...items.slice(0, limit));
    if (items.length < limit) break;
    offset += limit;
  }
  return collected;
}

/**
 * For upstreams with only a result limit (Photon, Nominatim, GDELT): the limit that covers the
 * whole range within the upstream's cap; the caller keeps `slice(start)` of the answer, which is
 * empty when the range lies beyond what the upstream can ever return.
 */
export function limitCovering(range: ResultRange, cap: number): number {
  return Math.min(cap, range.start + range.count);
}
