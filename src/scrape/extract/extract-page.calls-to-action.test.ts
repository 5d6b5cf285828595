import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

describe('extractPage on calls to action', () => {
  it('drops a lone "Learn more" link under each of a page\'s sections, and keeps links inside sentences', () => {
    const section = (topic: string): string =>
      `<section><h2>${topic}</h2><p>${prose(topic, 2)}</p><p><a href="/${topic.length}">Learn more »</a></p></section>`;
    const body = `${section('batch inference')}${section('fine-tuning')}<p>Read the <a href="/docs">Learn more</a> page for the details of ${prose('pricing', 1)}</p>`;
    const { text, markdown } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('The story of fine-tuning begins');
    expect(text.match(/Learn more/g)).toHaveLength(1);
    expect(markdown).toContain('[Learn more](https://news.example.com/docs)');
  });

  it('drops the label of a toggle ("Read more", "Show less +") standing alone without a link, and keeps sentences using the words', () => {
    const body = `<div class="description"><p>${prose('the tumbler', 2)}</p><span class="toggle">Read more</span></div><div class="specs"><p>${prose('its lid', 2)}</p><div>Show less +</div></div><p>Read more about its lid in the care guide we ship with every order.</p>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('The story of its lid begins');
    expect(text).not.toMatch(/^Read more$/m);
    expect(text).not.toContain('Show less');
    expect(text).toContain('Read more about its lid in the care guide');
  });

  it('drops buttons left as lines of their own ("Add to cart", "Wishlist", "Share"), and keeps sentences using the words', () => {
    const card = (name: string): string =>
      `<li class="card"><a href="/p/${name.length}">${name}</a><p>$24.00</p><div>Add to cart</div><div>Wishlist</div></li>`;
    const body = `<h1>Mugs</h1><p>${prose('our mugs', 2)}</p><ul>${card('Stoneware mug')}${card('Enamel mug')}${card('Glass mug')}</ul><span>Share</span><p>Share your photos and add to cart whatever you like.</p>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('Enamel mug');
    expect(text).not.toMatch(/^\s*(?:Add to cart|Wishlist|Share)$/im);
    expect(text).toContain('Share your photos and add to cart');
  });

  it('drops a "Related:" pointer to another story, and keeps a line that says more than the link', () => {
    const head = '<title>Europa</title><meta property="og:type" content="article">';
    const pointer = '<p><strong>Related:</strong> <a href="/plumes">Possible Water Plumes on Europa: The Discovery in Images</a></p>';
    const sentence = '<p>Related: scientists at <a href="/jpl">the laboratory</a> had found hints of the same plumes in 2012.</p>';
    const html = pageWithChrome(`<article><p>${prose('water vapour', 4)}</p>${pointer}${sentence}<p>${prose('plumes', 4)}</p></article>`, head);
    const { text } = extractPage(html, { url: PAGE_URL });
    expect(text).not.toContain('Possible Water Plumes');
    expect(text).toContain('had found hints of the same plumes');
    expect(text).toContain('The story of plumes begins');
  });

  it('keeps a heading that reads like a call to action, and list items that are more than one', () => {
    const body = `<h2>Contact us</h2><p>${prose('opening hours', 2)}</p><ul><li><a href="/a">Get started</a></li><li><a href="/b">Pricing for teams of every size</a></li></ul>`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('Contact us');
    expect(text).toContain('Pricing for teams of every size');
    expect(text).not.toContain('Get started');
  });

  it('drops a lone "Read full article" link under each teaser of a guide', () => {
    const teaser = (topic: string): string =>
      `<div class="guide"><h3>${topic}</h3><p>${prose(topic, 2)}</p><p><a href="/${topic.length}">Read full article</a></p></div>`;
    const body = `<h2>Expert advice</h2>${teaser('hiking boots')}${teaser('rain shells')}`;
    const { text } = extractPage(pageWithChrome(body), { url: PAGE_URL });
    expect(text).toContain('The story of rain shells begins');
    expect(text).not.toContain('Read full article');
  });
});
