/**
 * The CPU-heavy part of a scrape, behind one small interface: reading fetched HTML (the
 * browser-need signals and the extraction) and reading PDF, XML and text documents. The
 * server runs it in its worker pool (`offload/pool.ts`), so a hostile page costs a pool
 * thread and not the event loop; tools and tests may run it in the calling thread.
 */
import { looksLikeChallenge, looksLikeScriptShell } from './browser/index.js';
import type { ContentKind } from './content-kind.js';
import { readDocument, type DocumentSource } from './documents.js';
import { extractPage, type ExtractedPage } from './extract/index.js';

/** What one HTML page says about itself. */
export interface HtmlReading {
  readonly page: ExtractedPage;
  /** An anti-bot interstitial stands in front of the real page. */
  readonly challenge: boolean;
  /** The content is built by scripts (meaningful for a 2xx page). */
  readonly scriptShell: boolean;
}

/** `owner` is whose read it is (an account): the worker pool serves owners in turn, so one cannot crowd out the others. */
export interface PageReader {
  readHtml(html: string, url: string, status: number, signal?: AbortSignal, owner?: string): Promise<HtmlReading>;
  readDocument(kind: Exclude<ContentKind, 'html'>, source: DocumentSource, signal?: AbortSignal, owner?: string): Promise<ExtractedPage>;
}

export function readHtml(html: string, url: string, status: number): HtmlReading {
  return { challenge: looksLikeChallenge(html, status), scriptShell: looksLikeScriptShell(html), page: extractPage(html, { url }) };
}

/** Reading in the calling thread. */
export const inThreadReader: PageReader = {
  readHtml: async (html, url, status) => readHtml(html, url, status),
  readDocument: (kind, source) => readDocument(kind, source),
};
