/** The `html` and `links` formats, from the HTML a scrape or crawl fetched. */
import type { PageFacts } from '../../local-index/page-facts.js';

/** The index's reading of a page, run off the event loop by the app's worker pool (`offload.readPage`). */
export type ReadPage = (html: string, url: string) => Promise<PageFacts>;

const NOT_CONTENT = 'script, style, noscript, template, link[rel="preload"], link[rel="modulepreload"]';

/**
 * The page's `<body>` without scripts, styles and comments. Firecrawl's `html` is cleaned HTML;
 * Quarry narrows Markdown to the main content but gives the whole body here.
 */
export async function cleanHtml(html: string): Promise<string> {
  // linkedom (about 17 MB) is imported with the first page that needs it, not with the server.
  const { DOMParser } = await import('linkedom');
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const element of [...document.querySelectorAll(NOT_CONTENT)]) element.remove();
  const body = document.querySelector('body');
  const source = (body ?? document.documentElement)?.innerHTML ?? '';
  return source.replace(/<!--[\s\S]*?-->/g, '').trim();
}

/** Absolute http(s) targets of every link of the page, first occurrence first. */
export async function pageLinks(html: string, url: string, readPage: ReadPage): Promise<string[]> {
  return [...(await readPage(html, url)).links];
}
