/**
 * Hostile pages for extractPage, built at any size: a megabyte of one shape of markup, never
 * closed or closed and alike, that each reaches one pass of the extractor. The robustness test
 * checks that their time grows linearly with their size (src/scrape/extract/extract-page.robustness.test.ts);
 * bench/extract-hostile.ts prints their times at a megabyte.
 */
import { repeatTo } from './growth.js';

/** A quarter of a megabyte, in characters: the robustness test's small size (×4: a megabyte). */
export const QUARTER_MB = 250_000;

/** Never-closed elements of every kind. */
export const UNCLOSED_UNITS: readonly string[] = [
  '<div>x',
  '<h2><div>y',
  '<table><tr><td>c',
  '<blockquote><a href="/q"><div>q',
  '<ol><li><p>item <code>',
  '<b><i><a href="/l">l',
  // Shapes that reach the checks for aria-hidden decoration, card headers, tab panels and product cards.
  '<div aria-hidden="true"><span></span>',
  '<article><header><h2><a href="/c">t</a></h2>',
  '<div class="tab-pane" hidden>p',
  '<li><a href="/p">$9</a>',
  // Section headers and banners, forms with and without fields, prose in boxes named as menus.
  '<div class="card-header"><div><h3>h',
  '<div class="hero-banner"><h2>b',
  '<form><label>f</label><form><p>',
  '<div class="menu"><p>Prose in a box named as a menu, long enough to count as a sentence or more.',
  '<div class="author-box">a',
];

/** About `chars` characters of `unit` never closed. */
export const unclosedPage = (unit: string, chars: number) => `<html><body>${repeatTo(unit, chars)}</body></html>`;

/** Alike closed blocks of the shapes later passes look at. */
export const CLOSED_UNITS: readonly string[] = [
  '<h3>Similar items</h3><span>card</span>',
  '<button>Question?</button><div style="display:none">answer</div>',
  '<span>label</span><span>Value</span>',
  '<template id="B:1"></template><div hidden id="S:1"><p>segment</p></div>',
  '<template id="P:2e"></template><div hidden id="S:2e"><p>segment</p></div>',
  '<h3><span><button aria-expanded="false">Specs</button></span></h3><div hidden>specs</div>',
  '<div><p>Lorem ipsum dolor sit amet.</p></div>',
  '<div><div><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.',
  '<div><span>Free shipping</span><div><h1>T</h1>',
  '<header class="section-header"><h2>Heading</h2><p>Introduction of the section.</p></header>',
  '<form class="usertext"><p>A post body held in a form with nothing to fill in, long enough.</p></form>',
  '<ul><li><a href="/a">one</a> <a href="/b">two</a> <a href="/c">three</a></li></ul>',
  '<div class="col"><div class="promo"><a href="/p">offer</a></div></div>',
  '<h3><button aria-controls="x">Question</button></h3><div hidden>answer</div>',
  '<div class="disclaimer"><p>Prices may vary.</p><div class="disclaimer">Images simulated.',
  '<section class="related-product"><a href="/p"><h3>Card</h3></a></section>',
  '<li itemscope itemtype="https://schema.org/Product"><span itemprop="name">Pack</span></li>',
  '<div><input type="checkbox" id="c"><label for="c">Compare</label><label><span><input type="radio">Pick</span></label></div>',
  '<div class="card"><span>$9.99</span><div><div><span>$9.99</span></div></div><p>Size</p><p>More info Quick view</p></div>',
  '<a href="/r"><i aria-hidden="true"><i aria-hidden="true"><span>4.5 out of 5 stars</span></i></i></a>',
  '<div class="g"><div><div class="t"><a href="/x">Card title</a> Price</div><div class="t"><a href="/y">Card</a> Price</div><div class="t"><a href="/z">Card</a> Price</div></div></div>',
];

const PRODUCT_DESCRIPTION = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6);

/** About `chars` characters of `unit` in a product page's main block. */
export const closedPage = (unit: string, chars: number) =>
  `<html><head><script type="application/ld+json">{"@type":"Product","description":"${PRODUCT_DESCRIPTION}"}</script></head><body><main><h1>T</h1>${repeatTo(unit, chars)}</main></body></html>`;

/** An article followed by `count` author-named boxes (25,000: a megabyte), alike or each of its own class. */
export function authorBoxesPage(kind: 'alike' | 'distinct', count: number): string {
  const boxes =
    kind === 'alike'
      ? '<div class="author-box"><p>Bio.</p></div>'.repeat(count)
      : Array.from({ length: count }, (_, i) => `<div class="a${i} author"><p>Bio.</p></div>`).join('');
  return `<html><head><meta property="og:type" content="article"></head><body><main><p>${'Prose, and more prose. '.repeat(50)}</p>${boxes}</main></body></html>`;
}

const GRID = '<div class="g"><div><div><div class="t"><a href="/x">Card title here</a> Price, and a note</div>'.repeat(3) + '</div></div></div>';

/**
 * A prose block, then card grids: siblings (about 200,000 characters per `scale`) or one grid
 * nested 2,000 blocks deep per `scale`. At scale 4, about a megabyte.
 */
export function cardGridsPage(kind: 'siblings' | 'nested', scale: number): string {
  const depth = 500 * scale;
  const grids = kind === 'siblings' ? repeatTo(GRID, 200_000 * scale) : '<div><div><div><div>'.repeat(depth) + GRID + '</div></div></div></div>'.repeat(depth);
  return `<html><body><main><div class="text"><p>${'Prose, and more prose about shelving. '.repeat(1_250 * scale)}</p></div>${grids}</main></body></html>`;
}
