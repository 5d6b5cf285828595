/** A JSON value as found in JSON-LD blocks. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface ExtractedLink {
  /** Visible text of the link (or the alt text of its image), whitespace collapsed. Never empty. */
  text: string;
  /** Absolute URL. */
  url: string;
}

export interface ExtractedImage {
  /** Absolute URL. */
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

/** A microdata item (`itemscope`), with its properties; nested items appear as nested objects. */
export interface MicrodataItem {
  type: string[];
  id?: string;
  properties: Record<string, Array<string | MicrodataItem>>;
}

export interface StructuredData {
  /** Every JSON-LD object of the page, `@graph` members flattened into the list. */
  jsonLd: JsonObject[];
  /** Top-level microdata items. */
  microdata: MicrodataItem[];
  /** OpenGraph properties (`og:*`, `article:*`, …) in document order, repeated ones kept. */
  openGraph: Record<string, string[]>;
}

/**
 * The result of extracting one HTML page. Metadata fields are undefined when the page does
 * not state them; content fields are empty strings/arrays when the page has no content.
 */
export interface ExtractedPage {
  title?: string;
  description?: string;
  /** BCP 47 tag as declared by the page (`en`, `pt-BR`). */
  language?: string;
  author?: string;
  /** ISO 8601 date or date-time, when the page states one. */
  published?: string;
  siteName?: string;
  /** Absolute canonical URL (`<link rel=canonical>` or `og:url`), else the page URL. */
  canonicalUrl: string;
  /** Text of the headings of the main content, in order. */
  headings: string[];
  /** Main content as GitHub-flavoured Markdown. */
  markdown: string;
  /** Main content as plain text: blocks separated by one blank line, no Markdown syntax. */
  text: string;
  /** Links of the main content, absolute, first occurrence of each URL. */
  links: ExtractedLink[];
  /** The page's preview image (og:image) first, then images of the main content. */
  images: ExtractedImage[];
  structuredData: StructuredData;
  /** Every `<meta name|property|itemprop>` of the page: lower-cased key → contents in document order. */
  meta: Record<string, string[]>;
  /** What extraction left out to stay within its budgets (a JSON-LD block nested too deep…), one sentence each. */
  warnings: string[];
}
