/** The `html` and `links` formats, from the HTML a scrape or crawl fetched. */
import type { PageFacts } from '../../scrape/extract/index.js';

/** The index's reading of a page, run off the event loop by the app's worker pool (`offload.readPage`). */
export type ReadPage = (html: string, url: string) => Promise<PageFacts>;

/**
 * How a document's formats read its (untrusted) HTML: in the app's worker pool, in the lane of
 * the account that asked (`offload.readPage`, `offload.cleanHtml` with its owner bound).
 */
export interface PageReaders {
  readonly readPage: ReadPage;
  /** The page's `<body>` without scripts, styles and comments (`src/scrape/clean-html.ts`). */
  readonly cleanHtml: (html: string) => Promise<string>;
}

/** Absolute http(s) targets of every link of the page, first occurrence first. */
export async function pageLinks(html: string, url: string, readPage: ReadPage): Promise<string[]> {
  return [...(await readPage(html, url)).links];
}
