/**
 * Everything the local index reads from one HTML page: the extractor's result (main text, metadata,
 * structured data) plus what the extractor leaves out but the verticals and the crawler need —
 * every link, video embeds, `<video>` elements and meta tags with their `scheme` attribute.
 */
import { findAll, parseHtml, type ElementNode } from './dom.js';
import { extractPage } from './extract-page.js';
import { microdataToJsonLd } from './structured-data.js';
import type { ExtractedPage, JsonObject } from './types.js';
import { resolveUrl } from './url.js';

export interface MetaTag {
  /** Lower-cased `name`, `property` or `itemprop`. */
  readonly key: string;
  readonly content: string;
  /** Lower-cased `scheme` attribute (Dublin Core: `inventor`, `datesubmitted`…), when present. */
  readonly scheme?: string;
}

export interface VideoElement {
  readonly src?: string;
  readonly poster?: string;
  readonly title?: string;
}

export interface PageFacts {
  /** The URL the page was fetched from (after redirects). */
  readonly url: string;
  readonly extracted: ExtractedPage;
  /** JSON-LD objects and microdata items (rendered in JSON-LD shape), in document order. */
  readonly entities: readonly JsonObject[];
  readonly metaTags: readonly MetaTag[];
  /** Absolute `src` of every iframe. */
  readonly iframes: readonly string[];
  readonly videos: readonly VideoElement[];
  /** Absolute http(s) targets of every `<a href>`, without fragments, first occurrence first. */
  readonly links: readonly string[];
  /** What `<meta name="robots">` asks of indexers. */
  readonly robots: { readonly noindex: boolean; readonly nofollow: boolean };
}

function attr(element: ElementNode, name: string): string | undefined {
  const value = element.attrs[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function metaTagsOf(root: ElementNode): MetaTag[] {
  const tags: MetaTag[] = [];
  for (const element of findAll(root, (e) => e.tag === 'meta')) {
    const content = element.attrs['content'];
    const key = attr(element, 'name') ?? attr(element, 'property') ?? attr(element, 'itemprop');
    if (content === undefined || key === undefined) continue;
    const scheme = attr(element, 'scheme')?.toLowerCase();
    tags.push({ key: key.toLowerCase(), content: content.replace(/\s+/g, ' ').trim(), ...(scheme ? { scheme } : {}) });
  }
  return tags;
}

function linksOf(root: ElementNode, base: string): string[] {
  const seen = new Set<string>();
  for (const anchor of findAll(root, (e) => e.tag === 'a' || e.tag === 'area')) {
    const rel = (anchor.attrs['rel'] ?? '').toLowerCase();
    if (rel.split(/\s+/).includes('nofollow')) continue;
    const href = resolveUrl(anchor.attrs['href'], base);
    if (href === undefined || !/^https?:/.test(href)) continue;
    const url = new URL(href);
    url.hash = '';
    seen.add(url.href);
  }
  return [...seen];
}

function videosOf(root: ElementNode, base: string): VideoElement[] {
  return findAll(root, (e) => e.tag === 'video').map((video) => {
    const source = findAll(video, (e) => e.tag === 'source' && e.attrs['src'] !== undefined)[0];
    const src = resolveUrl(attr(video, 'src') ?? (source ? attr(source, 'src') : undefined), base);
    const poster = resolveUrl(attr(video, 'poster'), base);
    const title = attr(video, 'title') ?? attr(video, 'aria-label');
    return { ...(src ? { src } : {}), ...(poster ? { poster } : {}), ...(title ? { title } : {}) };
  });
}

/** Parses an HTML page once for the extractor and once for the index's own needs. Never throws on bad markup. */
export function readPage(html: string, url: string): PageFacts {
  const extracted = extractPage(html, { url });
  const { root } = parseHtml(html);
  const baseElement = findAll(root, (e) => e.tag === 'base' && e.attrs['href'] !== undefined)[0];
  const base = resolveUrl(baseElement?.attrs['href'], url) ?? url;
  const robotsContent = [...(extracted.meta['robots'] ?? []), ...(extracted.meta['quarrybot'] ?? [])].join(',').toLowerCase();
  return {
    url,
    extracted,
    entities: [...extracted.structuredData.jsonLd, ...extracted.structuredData.microdata.map(microdataToJsonLd)],
    metaTags: metaTagsOf(root),
    iframes: findAll(root, (e) => e.tag === 'iframe')
      .map((frame) => resolveUrl(attr(frame, 'src') ?? attr(frame, 'data-src'), base))
      .filter((src): src is string => src !== undefined),
    videos: videosOf(root, base),
    links: linksOf(root, base),
    robots: { noindex: /\b(noindex|none)\b/.test(robotsContent), nofollow: /\b(nofollow|none)\b/.test(robotsContent) },
  };
}
