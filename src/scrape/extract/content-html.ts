/**
 * Firecrawl's two readings of a page beside its Markdown: the main content as HTML (its `html`
 * format by default), and the whole cleaned page as Markdown (with `onlyMainContent: false`).
 * Both work on the extractor's tree, whose depth and size are capped while parsing (`dom.ts`),
 * so each is linear in the page; the server runs them in the worker pool (`offload/pool.ts`).
 */
import { type DomNode, type ElementNode, findFirst, parseHtml } from './dom.js';
import { removeNonContent } from './clean.js';
import { buildBlocks } from './dom-to-blocks.js';
import { locateMainContent } from './extract-page.js';
import { VOID_ELEMENTS } from './html-tags.js';
import { escapeText, writeAttributes } from './html-writer.js';
import { renderMarkdown } from './markdown.js';
import { documentBaseUrl } from './metadata.js';

/** Elements that only wrap the page (or the tree's own root): their content is written, not their tags. */
const WRAPPERS = new Set(['#root', 'html', 'head', 'body', 'noscript']);

/** The page's main content (what its Markdown is made of) written back as HTML. */
export function mainContentHtml(html: string, url: string): string {
  return writeHtml(locateMainContent(html, { url }).content).trim();
}

/** The whole page as Markdown: its `<body>` without scripts, media, controls and hidden elements, nothing else left out. */
export function wholePageMarkdown(html: string, url: string): string {
  const { root } = parseHtml(html);
  const baseUrl = documentBaseUrl(root, url);
  removeNonContent(root);
  const body = findFirst(root, (element) => element.tag === 'body') ?? root;
  return renderMarkdown(buildBlocks(body, { baseUrl }));
}

/** Writes `element` and everything under it, without recursion (one pending stack of nodes and close tags). */
function writeHtml(element: ElementNode): string {
  const out: string[] = [];
  const pending: Array<DomNode | { readonly close: string }> = [element];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if ('close' in next) {
      out.push(`</${next.close}>`);
      continue;
    }
    if (next.kind === 'text') {
      out.push(escapeText(next.value));
      continue;
    }
    const wrapper = WRAPPERS.has(next.tag);
    if (!wrapper) out.push(`<${next.tag}${writeAttributes(next.attrs)}>`);
    if (VOID_ELEMENTS.has(next.tag)) continue;
    if (!wrapper) pending.push({ close: next.tag });
    for (let i = next.children.length - 1; i >= 0; i--) pending.push(next.children[i] as DomNode);
  }
  return out.join('');
}
