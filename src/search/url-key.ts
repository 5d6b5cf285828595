/** Parameters that only track where a click came from; two URLs differing only by them are one page. */
const TRACKING_PARAMETER = /^(utm_[a-z]+|gclid|dclid|fbclid|msclkid|yclid|mc_cid|mc_eid|_ga|igshid)$/i;

/**
 * A key under which two URLs of the same page collide: scheme, `www.`, fragment, trailing slash,
 * tracking parameters and parameter order are ignored; the host is lower-cased, the path is not
 * (paths are case-sensitive). Text that is not a URL is keyed by itself, trimmed and lower-cased.
 */
export function urlKey(raw: string): string {
  if (!URL.canParse(raw)) return raw.trim().toLowerCase();
  const url = new URL(raw);
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  const port = url.port === '' ? '' : `:${url.port}`;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  const parameters = [...url.searchParams]
    .filter(([name]) => !TRACKING_PARAMETER.test(name))
    .sort(([a, aValue], [b, bValue]) => (a === b ? aValue.localeCompare(bValue) : a < b ? -1 : 1));
  const query = parameters.length === 0 ? '' : `?${new URLSearchParams(parameters).toString()}`;
  return `${host}${port}${path}${query}`;
}
