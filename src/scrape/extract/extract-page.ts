import { type Block, forEachInline, inlineText } from './blocks.js';
import { dropCallsToAction } from './calls-to-action.js';
import { type ElementNode, parseHtml } from './dom.js';
import { buildBlocks } from './dom-to-blocks.js';
import { productFactsFromJsonLd } from './json-ld-content.js';
import { dropListingControls } from './listing-controls.js';
import { extractMainContent } from './main-content.js';
import { renderMarkdown } from './markdown.js';
import { detectPageKind } from './page-kind.js';
import { productDescription } from './product-description.js';
import { type PageMetadata, collectMeta, documentBaseUrl, extractMetadata } from './metadata.js';
import { renderText } from './render-text.js';
import { collectStructuredData } from './structured-data.js';
import type { ExtractedImage, ExtractedLink, ExtractedPage, StructuredData } from './types.js';
import { resolveUrl } from './url.js';

export interface ExtractOptions {
  /** URL the page was fetched from (after redirects): the base for relative links. */
  url: string;
}

/** What reading a page has found once its main content is located (the tree is pruned to it). */
export interface LocatedContent {
  readonly baseUrl: string;
  readonly meta: Record<string, string[]>;
  readonly structuredData: StructuredData;
  readonly metadata: PageMetadata;
  readonly warnings: string[];
  /** The element holding the main content. */
  readonly content: ElementNode;
}

/**
 * Parses a page, reads its metadata and structured data, and finds its main content: the part
 * every output of the page (Markdown, text, Firecrawl's `html`) is made of.
 */
export function locateMainContent(html: string, options: ExtractOptions): LocatedContent {
  const { root, warnings: treeWarnings } = parseHtml(html);
  const warnings = [...treeWarnings];
  const baseUrl = documentBaseUrl(root, options.url);
  const meta = collectMeta(root);
  const structuredData = collectStructuredData(root, meta, baseUrl, warnings);
  const metadata = extractMetadata(root, meta, structuredData.jsonLd, options.url, baseUrl);

  const kind = detectPageKind(meta, structuredData.jsonLd, structuredData.microdata);
  const description = kind === 'product' ? productDescription(structuredData.jsonLd, structuredData.microdata) : undefined;
  const content = extractMainContent(root, kind, metadata.title, description);
  return { baseUrl, meta, structuredData, metadata, warnings, content };
}

/**
 * Extracts the main content and metadata of an HTML page. Pure and synchronous; never throws
 * on malformed HTML (a page without content yields empty `markdown` and `text`).
 */
export function extractPage(html: string, options: ExtractOptions): ExtractedPage {
  const { baseUrl, meta, structuredData, metadata, warnings, content } = locateMainContent(html, options);
  const blocks = dropListingControls(dropCallsToAction(buildBlocks(content, { baseUrl })));
  const contentText = renderText(blocks);
  const productFacts = productFactsFromJsonLd(structuredData.jsonLd, contentText);
  blocks.push(...productFacts);

  return {
    ...metadata,
    headings: headingsOf(blocks),
    markdown: renderMarkdown(blocks),
    text: productFacts.length === 0 ? contentText : renderText(blocks),
    links: linksOf(blocks),
    images: imagesOf(blocks, meta, baseUrl),
    structuredData,
    meta,
    warnings,
  };
}

function headingsOf(blocks: readonly Block[]): string[] {
  const headings: string[] = [];
  const visit = (list: readonly Block[]): void => {
    for (const block of list) {
      if (block.type === 'heading') {
        const text = inlineText(block.content);
        if (text !== '') headings.push(text);
      } else if (block.type === 'quote') visit(block.blocks);
      else if (block.type === 'list') for (const item of block.items) visit(item);
    }
  };
  visit(blocks);
  return headings;
}

function linksOf(blocks: readonly Block[]): ExtractedLink[] {
  const seen = new Set<string>();
  const links: ExtractedLink[] = [];
  forEachInline(blocks, (inline) => {
    if (inline.type !== 'link' || seen.has(inline.url)) return;
    const text = inlineText(inline.children) || imageAlt(inline.children);
    if (text === '') return;
    seen.add(inline.url);
    links.push({ text, url: inline.url });
  });
  return links;
}

function imageAlt(children: Parameters<typeof inlineText>[0]): string {
  for (const child of children) if (child.type === 'image' && child.alt !== '') return child.alt;
  return '';
}

function positiveNumber(value: string | undefined): number | undefined {
  const n = value === undefined ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function imagesOf(blocks: readonly Block[], meta: Record<string, string[]>, baseUrl: string): ExtractedImage[] {
  const seen = new Set<string>();
  const images: ExtractedImage[] = [];
  const preview = resolveUrl(meta['og:image']?.[0] ?? meta['og:image:url']?.[0] ?? meta['twitter:image']?.[0], baseUrl);
  if (preview) {
    const image: ExtractedImage = { url: preview, alt: meta['og:image:alt']?.[0] ?? '' };
    const width = positiveNumber(meta['og:image:width']?.[0]);
    const height = positiveNumber(meta['og:image:height']?.[0]);
    if (width !== undefined) image.width = width;
    if (height !== undefined) image.height = height;
    images.push(image);
    seen.add(preview);
  }
  forEachInline(blocks, (inline) => {
    if (inline.type !== 'image' || seen.has(inline.url)) return;
    seen.add(inline.url);
    const image: ExtractedImage = { url: inline.url, alt: inline.alt };
    if (inline.width !== undefined) image.width = inline.width;
    if (inline.height !== undefined) image.height = inline.height;
    images.push(image);
  });
  return images;
}
