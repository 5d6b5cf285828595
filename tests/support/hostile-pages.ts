/**
 * Pages built to hurt the reader rather than the network layer, and a loopback site serving
 * them (for the security tests and `bench:nested`):
 *
 *   /nested/:n?kb=K         ~K KiB (default 1536) of elements opened and never closed, in the
 *                           shape `NESTED_SHAPES[n % NESTED_SHAPES.length]`; each page differs
 *                           (its number is in the text), so no cache or coalescing joins them
 *   /json-ld/nested?depth=D a small article with a JSON-LD block nested D levels deep (default
 *                           100 000), then a well-formed JSON-LD block
 *   /plain                  a small ordinary article, for comparison
 */
import { startHtmlSite, type HtmlSite } from './html-site.js';

/**
 * Each shape repeats one unit of markup until the page is large: every walker of the DOM sees
 * a different kind of nesting (blocks, inline containers, links, lists, tables, headings, quotes).
 */
export const NESTED_SHAPES: readonly string[] = [
  '<div>x',
  '<div><span><b><a href="/x">t<ul><li><em>',
  '<h2><div>y',
  '<table><tr><td>c',
  '<blockquote><a href="/q"><div>q',
  '<ol><li><p>item <code>',
  '<section><article><pre>z',
  '<font><i><s>w',
];

export const PLAIN_ARTICLE_TEXT = 'An ordinary article about rivers, with enough sentences to count as prose for the extractor.';
export const WELL_FORMED_JSON_LD = { '@context': 'https://schema.org', '@type': 'Article', headline: 'The well-formed block' };

/** About `kilobytes` KiB of never-closed elements of one shape. */
export function nestedElementsPage(shapeIndex: number, kilobytes = 1536, label = `page ${shapeIndex}`): string {
  const unit = NESTED_SHAPES[shapeIndex % NESTED_SHAPES.length] as string;
  const repeats = Math.ceil((kilobytes * 1024) / unit.length);
  return `<!doctype html><html><head><title>Nested ${label}</title></head><body><p>Nested ${label} starts here.</p>${unit.repeat(repeats)}</body></html>`;
}

/** JSON nesting `depth` levels of objects, each with a schema.org type, as an attacker writes it. */
export function deeplyNestedJsonLd(depth: number): string {
  return `${'{"@type":"Thing","about":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
}

export function nestedJsonLdPage(depth: number): string {
  return [
    '<!doctype html><html><head><title>Nested JSON-LD</title>',
    `<script type="application/ld+json">${deeplyNestedJsonLd(depth)}</script>`,
    `<script type="application/ld+json">${JSON.stringify(WELL_FORMED_JSON_LD)}</script>`,
    `</head><body><main><h1>Nested JSON-LD</h1><p>${PLAIN_ARTICLE_TEXT}</p></main></body></html>`,
  ].join('');
}

export type HostileSite = HtmlSite;

export function startHostileSite(): Promise<HostileSite> {
  return startHtmlSite((url) => {
    const nested = /^\/nested\/(\d+)$/.exec(url.pathname);
    if (nested) return nestedElementsPage(Number(nested[1]), Number(url.searchParams.get('kb') ?? 1536));
    if (url.pathname === '/json-ld/nested') return nestedJsonLdPage(Number(url.searchParams.get('depth') ?? 100_000));
    if (url.pathname === '/plain') return `<!doctype html><html><head><title>Plain</title></head><body><main><p>${PLAIN_ARTICLE_TEXT}</p></main></body></html>`;
    return undefined;
  });
}
