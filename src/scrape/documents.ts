import { markdownTextDocument, pdfToDocument, plainTextDocument, type ExtractedPage } from './extract/index.js';
import type { ContentKind } from './content-kind.js';
import { xmlToText } from './xml-text.js';

export interface DocumentContent {
  readonly title?: string;
  /** Who wrote it, when the document says (a PDF's information dictionary). */
  readonly author?: string;
  readonly markdown: string;
  readonly text: string;
  /** Headings of the content, in order, when the document has any. */
  readonly headings?: readonly string[];
}

/**
 * A non-HTML document in the shape of an extracted page, so every format (and the search
 * index) reads PDFs, plain text and XML the same way as web pages: no links, images or
 * structured data, the canonical URL is where it was found.
 */
export function pageFromDocument(content: DocumentContent, url: string): ExtractedPage {
  return {
    ...(content.title === undefined ? {} : { title: content.title }),
    ...(content.author === undefined ? {} : { author: content.author }),
    canonicalUrl: url,
    headings: [...(content.headings ?? [])],
    markdown: content.markdown,
    text: content.text,
    links: [],
    images: [],
    structuredData: { jsonLd: [], microdata: [], openGraph: {} },
    meta: {},
    warnings: [],
  };
}

/** Reads a fetched PDF, plain-text, Markdown or XML body. Rejects with `ExtractionError` for an unreadable PDF. */
/** What reading a document needs of a fetched response (a copy of it crosses to a pool thread). */
export interface DocumentSource {
  readonly body: Uint8Array;
  readonly text?: string | undefined;
  readonly finalUrl: string;
}

export async function readDocument(kind: Exclude<ContentKind, 'html'>, fetched: DocumentSource): Promise<ExtractedPage> {
  switch (kind) {
    case 'pdf': {
      const pdf = await pdfToDocument(fetched.body);
      return pageFromDocument({ ...pdf, headings: headingsOfMarkdown(pdf.markdown) }, fetched.finalUrl);
    }
    case 'xml': {
      const xml = xmlToText(textOf(fetched));
      return pageFromDocument({ ...xml, markdown: xml.text }, fetched.finalUrl);
    }
    case 'text':
      return pageFromDocument(plainTextDocument(textOf(fetched)), fetched.finalUrl);
    case 'markdown':
      return pageFromDocument(markdownTextDocument(textOf(fetched)), fetched.finalUrl);
  }
}

/** The fetch engine decodes every textual body; a sniffed one without a declared type may still come as bytes. */
function textOf(fetched: DocumentSource): string {
  return fetched.text ?? new TextDecoder('utf-8').decode(fetched.body);
}

/** The PDF reader marks headings it guessed from font sizes as ATX headings. */
function headingsOfMarkdown(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6} +(.+?)\s*$/gm)].map((match) => match[1] ?? '').filter((heading) => heading !== '');
}
