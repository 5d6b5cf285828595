import type { PageFacts } from '../../scrape/extract/index.js';
import { clip } from '../text.js';
import { parseDate } from './structured.js';

/** What every vertical reads about the page as a whole. */
export interface PageSummary {
  /** The URL the page is stored and shown under (see `pageUrlOf`). */
  readonly url: string;
  readonly host: string;
  readonly title: string;
  /** The page's own description, else the start of its text. */
  readonly description?: string;
  /** Main content as plain text. */
  readonly text: string;
  readonly siteName?: string;
  readonly published?: Date;
}

/**
 * The page's canonical URL when it stays on the same host (it folds tracking-parameter variants
 * into one entry), else the URL it was fetched from: a canonical pointing to another site is too
 * easily wrong or hostile to trust.
 */
export function pageUrlOf(facts: PageFacts): string {
  const fetched = new URL(facts.url);
  fetched.hash = '';
  try {
    const canonical = new URL(facts.extracted.canonicalUrl);
    canonical.hash = '';
    if (canonical.hostname === fetched.hostname && (canonical.protocol === 'http:' || canonical.protocol === 'https:')) return canonical.href;
  } catch {
    // An unparsable canonical is ignored.
  }
  return fetched.href;
}

export function summarise(facts: PageFacts): PageSummary {
  const url = pageUrlOf(facts);
  const { extracted } = facts;
  const host = new URL(url).hostname.toLowerCase();
  const title = extracted.title ?? extracted.headings[0] ?? host;
  const description = extracted.description ?? (extracted.text === '' ? undefined : clip(extracted.text, 300));
  const published = parseDate(extracted.published);
  return {
    url,
    host,
    title,
    text: extracted.text,
    ...(description === undefined ? {} : { description }),
    ...(extracted.siteName === undefined ? {} : { siteName: extracted.siteName }),
    ...(published === undefined ? {} : { published }),
  };
}
