/** Jina Reader's answers: the plain-text page, the JSON envelope, the search listing and the errors. */
import type { ScrapeOutput } from '../../use-cases/scrape.js';
import type { ReaderMode } from './options.js';

export interface ReaderPage {
  readonly title: string;
  readonly description: string;
  readonly url: string;
  readonly content: string;
  readonly publishedTime?: string;
}

/** A scraped page in the mode asked for: Markdown, plain text, or the cleaned `<body>` (`html`). */
export function readerPage(scraped: ScrapeOutput, mode: ReaderMode): ReaderPage {
  const { data } = scraped.result;
  const content = mode === 'html' ? scraped.html : mode === 'text' ? data.text : data.markdown;
  return {
    title: data.metadata.title ?? '',
    description: data.metadata.description ?? '',
    url: data.metadata.url,
    content: content ?? '',
    ...(data.metadata.published ? { publishedTime: data.metadata.published } : {}),
  };
}

/** r.jina.ai's text body: header lines then the content in markdown mode, the bare text or HTML otherwise. */
export function readerText(page: ReaderPage, mode: ReaderMode): string {
  if (mode !== 'markdown') return page.content.endsWith('\n') ? page.content : `${page.content}\n`;
  const lines = [`Title: ${page.title}`, '', `URL Source: ${page.url}`, ''];
  if (page.publishedTime) lines.push(`Published Time: ${page.publishedTime}`, '');
  lines.push('Markdown Content:', page.content);
  return `${lines.join('\n')}\n`;
}

/** s.jina.ai's text body: one labelled block per result. */
export function searchText(pages: readonly ReaderPage[]): string {
  const blocks = pages.map((page, index) => {
    const n = index + 1;
    const labels = [`[${n}] Title: ${page.title}`, `[${n}] URL Source: ${page.url}`];
    if (page.description) labels.push(`[${n}] Description: ${page.description}`);
    if (page.publishedTime) labels.push(`[${n}] Published Time: ${page.publishedTime}`);
    return page.content ? `${labels.join('\n')}\n\n${page.content}` : labels.join('\n');
  });
  return `${blocks.join('\n\n').trimEnd()}\n`;
}

const ERROR_NAMES: Record<number, [number, string]> = {
  400: [40001, 'ParamValidationError'],
  401: [40103, 'AuthenticationRequiredError'],
  402: [40203, 'InsufficientBalanceError'],
  403: [40301, 'SecurityCompromiseError'],
  422: [42206, 'AssertionFailureError'],
  429: [42901, 'TooManyRequestsError'],
};

/** Jina's error status for a Quarry status: a page that could not be read is 422, as Jina answers it. */
export function jinaStatus(status: number): number {
  return status === 502 || status === 504 || status === 415 ? 422 : status;
}

export function jinaErrorBody(status: number, message: string) {
  const [code, name] = ERROR_NAMES[status] ?? [status * 100, status >= 500 ? 'InternalServerError' : 'ClientError'];
  return { data: null, code: status, status: code, name, message, readableMessage: `${name}: ${message}` };
}
