import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

/** Extraction heuristics that depend on what kind of page it is (product, listing, thread). */

const PRODUCT_JSON_LD = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Trail Pack 25"}</script>';

function reviewsBlock(): string {
  const review = (who: string, body: string): string =>
    `<div class="review-item"><h4>${who}</h4><p>${body} I carried it on a long weekend hike and would buy it again without a second thought.</p></div>`;
  return `<section class="product-reviews"><h2>Customer reviews</h2>
    ${review('Alex', 'Roomy, light and the hip belt is comfortable.')}
    ${review('Sam', 'The side pockets hold a litre bottle each, which I love.')}
    ${review('Kim', 'Zips feel sturdy and the rain cover fits snugly.')}
  </section>`;
}

const PRODUCT_BODY = `
  <h1>Trail Pack 25</h1>
  <div class="description"><p>${prose('the trail pack')}</p><p>${prose('its frame sheet', 2)}</p></div>
  ${reviewsBlock()}`;

describe('extractPage on product pages', () => {
  it('drops customer reviews on a page that declares a product in JSON-LD', () => {
    const { text } = extractPage(pageWithChrome(PRODUCT_BODY, `<title>Trail Pack</title>${PRODUCT_JSON_LD}`), { url: PAGE_URL });
    expect(text).toContain('The story of the trail pack begins');
    expect(text).not.toContain('hip belt is comfortable');
  });

  it('reads a product declared only in microdata', () => {
    const body = `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Trail Pack 25">${PRODUCT_BODY}</div>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('The story of its frame sheet begins');
    expect(text).not.toContain('Zips feel sturdy');
  });

  it('keeps reviews on an article that reviews products (article and product both declared)', () => {
    const head = `<title>Best packs</title><script type="application/ld+json">[{"@type":"NewsArticle","headline":"Best packs"},{"@type":"Product","name":"Trail Pack 25"}]</script>`;
    const { text } = extractPage(pageWithChrome(PRODUCT_BODY, head), { url: PAGE_URL });
    expect(text).toContain('hip belt is comfortable');
  });

  it('keeps reviews on pages that declare no product', () => {
    const { text } = extractPage(pageWithChrome(PRODUCT_BODY), { url: PAGE_URL });
    expect(text).toContain('hip belt is comfortable');
  });
});
