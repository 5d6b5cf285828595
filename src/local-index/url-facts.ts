/** What the index stores about a result's URL so that `site:`, `filetype:` and `inurl:` are exact. */
import { foldText } from './text.js';

export interface UrlFacts {
  /** Lower-case host name without a trailing dot or port. */
  readonly host: string;
  /** Host labels reversed and dot-joined: "blog.example.com" → "com.example.blog". */
  readonly hostRev: string;
  /** Percent-decoded, lower-cased path. */
  readonly path: string;
  /** Folded words of the URL without its scheme, joined by single spaces. */
  readonly urlText: string;
}

/** Percent-decoding that keeps a malformed escape as the raw characters (as the post-filter does). */
export function decodeLoosely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function reverseHost(host: string): string {
  return host.split('.').reverse().join('.');
}

export function urlFacts(url: URL): UrlFacts {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return {
    host,
    hostRev: reverseHost(host),
    path: decodeLoosely(url.pathname).toLowerCase(),
    urlText: foldText(decodeLoosely(url.href.replace(/^[a-z][a-z0-9+.-]*:\/\//i, ''))),
  };
}

/** The URL a page is stored under (the crawler's rule, so both agree). */
export { pageKey } from '../crawl/index.js';
