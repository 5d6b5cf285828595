import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, productHead, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

/** Sections recommending other products or stories under a page's own content. */

const PRODUCT_HEAD = productHead('Trail Pack', 'Trail Pack 25');

/** Cards without prices, so the product-grid rule cannot see them: only their title says what they are. */
function carousel(title: string): string {
  const card = (name: string): string =>
    `<li><a href="/p/${name.length}"><img src="/i/${name.length}.jpg" alt=""></a><h3>${name}</h3><span>In stock</span></li>`;
  return `<section class="shelf"><div class="shelf-head"><p class="title">${title}</p></div>
    <ul>${card('Summit Pack 40')}${card('Day Pack 18')}${card('Hip Pack 3')}</ul></section>`;
}

const DESCRIPTION = `<h1>Trail Pack 25</h1><div class="description"><p>${prose('the trail pack')}</p><p>${prose('its frame sheet', 2)}</p></div>`;

describe('extractPage on product pages: recommendations', () => {
  it('drops a carousel titled as recommendations (also in a plain <p>), but not under the same title on other pages', () => {
    const body = `${DESCRIPTION}${carousel('Similar products')}`;
    const product = extractPage(pageWithChrome(body, PRODUCT_HEAD), { url: PAGE_URL }).text;
    expect(product).toContain('The story of the trail pack begins');
    expect(product).toContain('The story of its frame sheet begins');
    expect(product).not.toContain('Similar products');
    expect(product).not.toContain('Summit Pack 40');
    const other = extractPage(pageWithChrome(body, '<title>Trail Pack</title>'), { url: PAGE_URL }).text;
    expect(other).toContain('Summit Pack 40');
  });

  it('drops add-on and "more like this" shelves', () => {
    for (const title of ['Choose your add-ons', 'More like this']) {
      const text = extractPage(pageWithChrome(`${DESCRIPTION}${carousel(title)}`, PRODUCT_HEAD), { url: PAGE_URL }).text;
      expect(text).toContain('The story of its frame sheet begins');
      expect(text).not.toContain('Summit Pack 40');
    }
  });

  it('drops a flat section under an <h2> up to the next heading of its rank', () => {
    const body = `<div class="product"><h1>Trail Pack 25</h1><p>${prose('the trail pack')}</p><p>${prose('its frame sheet', 2)}</p><h2>You may also like</h2><p><a href="/p/1"><img src="/i/1.jpg" alt=""></a> Summit Pack 40</p><p><a href="/p/2"><img src="/i/2.jpg" alt=""></a> Day Pack 18</p>
      <h2>Specifications</h2><p>Volume: twenty-five litres, weight 900 grams.</p></div>`;
    const text = extractPage(pageWithChrome(body, PRODUCT_HEAD), { url: PAGE_URL }).text;
    expect(text).not.toContain('You may also like');
    expect(text).not.toContain('Day Pack 18');
    expect(text).toContain('Volume: twenty-five litres');
  });

  it('keeps a sentence of the description that uses the same words', () => {
    const body = `<h1>Trail Pack 25</h1><div class="description"><p>${prose('the trail pack')}</p><p>Pairs well with our rain cover.</p></div>`;
    const text = extractPage(pageWithChrome(body, PRODUCT_HEAD), { url: PAGE_URL }).text;
    expect(text).toContain('Pairs well with our rain cover.');
  });

  it('on a page of unknown kind, drops shelves only under a phrase no own content uses ("also viewed", "Related posts"), not "Related products"', () => {
    const head = '<title>Trail Pack</title>';
    const viewed = extractPage(pageWithChrome(`${DESCRIPTION}${carousel('Customers who viewed this item also viewed')}`, head), { url: PAGE_URL }).text;
    expect(viewed).toContain('The story of its frame sheet begins');
    expect(viewed).not.toContain('Summit Pack 40');
    const posts = extractPage(pageWithChrome(`${DESCRIPTION}${carousel('Related posts')}`, head), { url: PAGE_URL }).text;
    expect(posts).not.toContain('Summit Pack 40');
    const related = extractPage(pageWithChrome(`${DESCRIPTION}${carousel('Related products')}`, head), { url: PAGE_URL }).text;
    expect(related).toContain('Summit Pack 40');
  });

  it('drops "Related posts" under an article', () => {
    const head = '<title>Packing light</title><script type="application/ld+json">{"@type":"BlogPosting","headline":"Packing light"}</script>';
    const posts = `<div class="more"><h3>Related posts</h3><ul><li><a href="/a">Ten tips</a><p>Fold, roll and stuff</p></li><li><a href="/b">Winter kit</a><p>Layers that work</p></li></ul></div>`;
    const text = extractPage(
      pageWithChrome(`<article><h1>Packing light</h1><p>${prose('packing light')}</p><p>${prose('ultralight gear', 2)}</p>${posts}</article>`, head),
      { url: PAGE_URL },
    ).text;
    expect(text).toContain('The story of ultralight gear begins');
    expect(text).not.toContain('Fold, roll and stuff');
  });
});
