import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

/** A product's description, as the shop writes it on the page and in its structured data. */
const DESCRIPTION = `${prose('the trail pack', 3)} ${prose('its frame sheet', 2)}`;

/** A buy box: price, options, delivery and returns terms, a badge row (no prose of the product's own). */
const BUY_BOX = `<div class="buy-box"><p>$129.00</p><p>Colour: Forest green, Slate grey, Desert sand</p>
  <p>Size: Small, Medium, Large, Extra large</p><p>Only 3 left in stock, order soon.</p>
  <p>Free standard delivery on orders over $75, arrives in three to five working days.</p>
  <p>Free returns within 30 days of delivery, no questions asked, refunds to the original payment method.</p>
  <p>Pay in four interest-free instalments with your card at checkout.</p>
  <p>Earn 129 reward points with this purchase when you join our members club for free today.</p></div>`;

function productPage(description: string, head: string): string {
  const body = `<div class="product"><h1>Trail Pack 25</h1>${BUY_BOX}<div class="product-description"><h2>About this pack</h2><p>${DESCRIPTION}</p></div></div>`;
  return pageWithChrome(body, head.replace('DESCRIPTION', description));
}

const JSON_LD_HEAD =
  '<title>Trail Pack 25</title><script type="application/ld+json">{"@type":"Product","name":"Trail Pack 25","description":"DESCRIPTION"}</script>';

describe("extractPage on a product page whose structured data states the product's description", () => {
  it("takes the description's box as the content, without the buy box beside it", () => {
    const { text } = extractPage(productPage(DESCRIPTION, JSON_LD_HEAD), { url: PAGE_URL });
    expect(text).toContain('The story of the trail pack begins');
    expect(text).toContain('The story of its frame sheet begins');
    expect(text).not.toContain('Free returns within 30 days');
    expect(text).not.toContain('reward points');
  });

  it('does the same for a description stated in microdata', () => {
    const body = `<div itemscope itemtype="https://schema.org/Product"><meta itemprop="name" content="Trail Pack 25">
      <meta itemprop="description" content="${DESCRIPTION}"><h1>Trail Pack 25</h1>${BUY_BOX}
      <div class="product-description"><h2>About this pack</h2><p>${DESCRIPTION}</p></div></div>`;
    const { text } = extractPage(pageWithChrome(body, '<title>Trail Pack 25</title>'), { url: PAGE_URL });
    expect(text).toContain('The story of its frame sheet begins');
    expect(text).not.toContain('Free returns within 30 days');
  });

  it('keeps the whole product when the stated description is a short tagline', () => {
    const { text } = extractPage(productPage('A light pack for long days on the trail.', JSON_LD_HEAD), { url: PAGE_URL });
    expect(text).toContain('The story of the trail pack begins');
    expect(text).toContain('Free returns within 30 days');
  });

  it('keeps the whole product when the description is a small part of what the page says', () => {
    const specs = `<h2>Specifications</h2><p>${prose('the harness', 4)}</p><p>${prose('the fabric', 4)}</p><p>${prose('the zips', 4)}</p><p>${prose('the rain cover', 4)}</p>`;
    const body = `<div class="product"><h1>Trail Pack 25</h1>${BUY_BOX}<div class="product-description"><p>${DESCRIPTION}</p></div>${specs}</div>`;
    const { text } = extractPage(pageWithChrome(body, JSON_LD_HEAD.replace('DESCRIPTION', DESCRIPTION)), { url: PAGE_URL });
    expect(text).toContain('The story of the rain cover begins');
    expect(text).toContain('The story of the trail pack begins');
  });

  it('leaves pages that are not products alone', () => {
    const head =
      '<title>Trail Pack 25</title><script type="application/ld+json">{"@type":"WebPage","name":"Trail Pack 25","description":"DESCRIPTION"}</script>';
    const { text } = extractPage(productPage(DESCRIPTION, head), { url: PAGE_URL });
    expect(text).toContain('Free returns within 30 days');
  });
});
