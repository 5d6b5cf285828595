import { microdataToJsonLd } from './structured-data.js';
import type { ExtractedPage, JsonObject } from './types.js';

/** The `json` scrape format of the service contract (`data.json`). */
export interface ScrapeJson {
  title: string | null;
  description: string | null;
  url: string;
  language: string | null;
  author: string | null;
  published: string | null;
  site_name: string | null;
  headings: string[];
  /** The main content as Markdown. */
  content: string;
  links: Array<{ text: string; url: string }>;
  images: Array<{ url: string; alt: string; width: number | null; height: number | null }>;
  /** JSON-LD objects, then microdata items in JSON-LD shape, then the OpenGraph properties as one object. */
  structured_data: JsonObject[];
}

/**
 * Shapes an extracted page as the contract's `json` format. `url` is the final URL of the
 * page (after redirects), which the contract reports rather than the canonical URL.
 * Absent metadata is `null`, never omitted, so clients see a stable shape.
 */
export function toJsonFormat(page: ExtractedPage, url: string): ScrapeJson {
  return {
    title: page.title ?? null,
    description: page.description ?? null,
    url,
    language: page.language ?? null,
    author: page.author ?? null,
    published: page.published ?? null,
    site_name: page.siteName ?? null,
    headings: page.headings,
    content: page.markdown,
    links: page.links.map((link) => ({ text: link.text, url: link.url })),
    images: page.images.map((image) => ({ url: image.url, alt: image.alt, width: image.width ?? null, height: image.height ?? null })),
    structured_data: structuredDataList(page),
  };
}

function structuredDataList(page: ExtractedPage): JsonObject[] {
  const list: JsonObject[] = [...page.structuredData.jsonLd, ...page.structuredData.microdata.map(microdataToJsonLd)];
  const openGraph = Object.entries(page.structuredData.openGraph);
  if (openGraph.length > 0) {
    const object: JsonObject = { '@type': 'OpenGraph' };
    for (const [key, values] of openGraph) object[key] = values.length === 1 ? (values[0] as string) : values;
    list.push(object);
  }
  return list;
}
