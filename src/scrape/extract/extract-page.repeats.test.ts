import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, productHead, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

function occurrences(text: string, snippet: string): number {
  return text.split(snippet).length - 1;
}

describe('extractPage on text the page shows twice', () => {
  it('keeps one copy of a product summary rendered for narrow and for wide screens', () => {
    const summary = `<h2>Stoneware mug</h2><p>$24.00</p><p>${prose('glazes', 2)}</p>`;
    const html = pageWithChrome(`<div class="summary-mobile">${summary}</div><div class="gallery"><p>${prose('kilns')}</p></div>
      <div class="summary-desktop">${summary}</div>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(occurrences(text, 'The story of glazes begins')).toBe(1);
    expect(text).toContain('Stoneware mug');
    expect(text).toContain('The story of kilns begins');
  });

  it("keeps one copy of a product's short title and price box shown twice, but only on a product page", () => {
    const box = '<div class="price-box"><p>Stoneware mug, sage</p><p>$24.00</p></div>';
    const body = `<div class="product">${box}<p>${prose('kilns')}</p><p>${prose('glazes')}</p>${box}</div>`;
    const product = extractPage(pageWithChrome(body, productHead('Stoneware mug')), { url: PAGE_URL }).text;
    expect(occurrences(product, 'Stoneware mug, sage')).toBe(1);
    expect(product).toContain('The story of kilns begins');
    const other = extractPage(pageWithChrome(body), { url: PAGE_URL }).text;
    expect(occurrences(other, 'Stoneware mug, sage')).toBe(2);
  });

  it('keeps one copy of a long passage shown three times on any page, and a short blurb on every card', () => {
    const passage = `<div class="post-body"><p>${prose('the launch', 4)}</p><p>${prose('the first customers', 4)}</p><p>${prose('the pricing', 4)}</p><p>${prose('the roadmap', 4)}</p></div>`;
    const blurb = '<p class="blurb">Free delivery on orders over fifty pounds, every day of the week.</p>';
    const card = (name: string): string => `<li class="card"><a href="/p/${name.length}">${name}</a>${blurb}</li>`;
    const body = `<h1>Launches</h1><div class="launch">${passage}</div><div class="launch">${passage}</div><div class="launch">${passage}</div><ul>${card('Flow')}${card('Codex')}${card('Rork Max')}</ul>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(occurrences(text, 'The story of the roadmap begins')).toBe(1);
    expect(occurrences(text, 'Free delivery on orders over fifty pounds')).toBe(3);
  });

  it('keeps one copy of a product section rendered three times (phone, tablet, desktop), but only on a product page', () => {
    const section =
      '<div class="feature"><h3>Designed for everyday</h3><p>We rethink what looks good and build it to last, for those of us who carry less.</p></div>';
    const body = `<div class="product"><p>${prose('the slim wallet')}</p>${section}${section}${section}<p>${prose('its cash strap')}</p></div>`;
    const product = extractPage(pageWithChrome(body, productHead('Slim wallet')), { url: PAGE_URL }).text;
    expect(occurrences(product, 'We rethink what looks good')).toBe(1);
    expect(product).toContain('The story of its cash strap begins');
    const other = extractPage(pageWithChrome(body), { url: PAGE_URL }).text;
    expect(occurrences(other, 'We rethink what looks good')).toBe(3);
  });

  it('keeps a blurb that every card of a grid repeats, and short labels that repeat', () => {
    const blurb = 'Scalable arm system designed to support up to six screens on a single post, with cable routing.';
    const card = (name: string): string => `<div class="card"><h3><a href="/p/${name}">${name}</a></h3><p>${blurb}</p><p>In stock</p></div>`;
    const html = pageWithChrome(`<h1>Monitor arms</h1><div class="grid">${['Ara', 'Elmo', 'Vera', 'Quad'].map(card).join('')}</div>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(occurrences(text, blurb)).toBe(4);
    expect(occurrences(text, 'In stock')).toBe(4);
  });

  it('keeps one copy of a post that a reply quotes whole, without quote markup', () => {
    const post = `<p>${prose('package versions', 2)}</p>`;
    const html = pageWithChrome(`<div class="thread"><div class="post">${post}</div>
      <div class="post"><div class="quoted">${post}</div><p>I always take what the distribution ships.</p></div>
      <div class="post"><p>Same here, it works well enough for me.</p></div></div>`);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(occurrences(text, 'The story of package versions begins')).toBe(1);
    expect(text).toContain('I always take what the distribution ships.');
  });
});
