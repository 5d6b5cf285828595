/**
 * Firecrawl's `Document`: the requested formats and `metadata`, built from what Quarry's scrape
 * extracted (scrape route, search with scrapeOptions, crawl pages).
 */
import type { ChangeTracking } from '../../changes/index.js';
import type { ExtractedPage } from '../../scrape/extract/index.js';
import { toJsonFormat, type ScrapeJson } from '../../scrape/extract/index.js';
import type { FirecrawlFormat } from './scrape-options.js';
import { pageLinks, type PageReaders } from './page-html.js';

export interface DocumentMetadata {
  title?: string;
  description?: string;
  language?: string;
  /** Firecrawl passes the page's meta tags through (`<meta name="author">`); a PDF's author too. */
  author?: string;
  sourceURL: string;
  url: string;
  statusCode: number;
  contentType?: string;
  proxyUsed: 'basic';
  cacheState?: 'hit' | 'miss';
  cachedAt?: string;
  creditsUsed?: number;
  error?: string;
}

export interface FirecrawlDocument {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  /** Quarry's structured JSON of the page; with a prompt or schema, what the model extracted. */
  json?: ScrapeJson | unknown;
  /** The model's summary of the page (`summary` format). */
  summary?: string;
  /** The model's answer to the `question` format. */
  answer?: string;
  /** What the model was not shown (a page cut to fit), or what change tracking could not show. */
  warning?: string;
  /** The URL of the picture of the rendered page (`screenshot` formats), valid for `SCREENSHOT_TTL` seconds. */
  screenshot?: string;
  /** The `changeTracking` format: the page compared with the account's last scrape of it. */
  changeTracking?: ChangeTracking;
  metadata: DocumentMetadata;
}

export interface PageContent {
  /** The URL as the client gave it. */
  readonly sourceUrl: string;
  /** After redirects. */
  readonly finalUrl: string;
  readonly statusCode: number;
  readonly contentType: string | undefined;
  readonly page: ExtractedPage;
  /** Markdown as the scrape rendered it (documents such as PDFs have no HTML). */
  readonly markdown: string;
  /** The HTML the content came from; absent for PDF, text and XML. */
  readonly html: string | undefined;
  /** The page's links when the caller has already read the page (a crawl has); else read here when asked for. */
  readonly links?: readonly string[];
}

/**
 * `readers` read the page for the `html` and `links` formats, off the event loop (the page is
 * untrusted). As Firecrawl's, `markdown` and `html` are the page's main content unless
 * `onlyMainContent` is false; then they are the whole cleaned page (navigation, footer and all).
 * A document without HTML (PDF, text) has no main content apart from itself.
 */
export async function buildDocument(
  content: PageContent,
  formats: readonly FirecrawlFormat[],
  readers: PageReaders,
  onlyMainContent: boolean,
): Promise<FirecrawlDocument> {
  const { page } = content;
  const document: FirecrawlDocument = {
    metadata: {
      ...(page.title === undefined ? {} : { title: page.title }),
      ...(page.description === undefined ? {} : { description: page.description }),
      ...(page.language === undefined ? {} : { language: page.language }),
      ...(page.author === undefined ? {} : { author: page.author }),
      sourceURL: content.sourceUrl,
      url: content.finalUrl,
      statusCode: content.statusCode,
      ...(content.contentType === undefined ? {} : { contentType: content.contentType }),
      proxyUsed: 'basic',
    },
  };
  for (const format of formats) {
    switch (format) {
      case 'markdown':
        document.markdown = onlyMainContent || content.html === undefined ? content.markdown : await readers.wholePageMarkdown(content.html, content.finalUrl);
        break;
      case 'html':
        if (content.html === undefined) document.html = '';
        else document.html = onlyMainContent ? await readers.mainContentHtml(content.html, content.finalUrl) : await readers.cleanHtml(content.html);
        break;
      case 'rawHtml':
        document.rawHtml = content.html ?? '';
        break;
      case 'links':
        if (content.links !== undefined) document.links = [...content.links];
        else
          document.links = content.html === undefined ? page.links.map((link) => link.url) : await pageLinks(content.html, content.finalUrl, readers.readPage);
        break;
      case 'json':
        document.json = toJsonFormat(page, content.finalUrl);
        break;
    }
  }
  return document;
}
