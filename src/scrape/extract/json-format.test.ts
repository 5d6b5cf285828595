import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';
import { toJsonFormat } from './json-format.js';

describe('toJsonFormat', () => {
  it('gives the contract fields with Markdown content and null for what the page does not state', () => {
    const html = pageWithChrome(
      `<article><h2>Findings</h2><p>${prose('owls')} <a href="/owls">More owls</a></p><img src="/owl.jpg" alt="Owl" width="300"></article>`,
      '<title>Owls</title>',
    );
    const json = toJsonFormat(extractPage(html, { url: PAGE_URL }), PAGE_URL);
    expect(json).toEqual({
      title: 'Owls',
      description: null,
      url: PAGE_URL,
      language: 'en',
      author: null,
      published: null,
      site_name: null,
      headings: ['Findings'],
      content: expect.stringContaining('## Findings\n\nThe story of owls begins'),
      links: [{ text: 'More owls', url: 'https://news.example.com/owls' }],
      images: [{ url: 'https://news.example.com/owl.jpg', alt: 'Owl', width: 300, height: null }],
      structured_data: [],
    });
  });

  it('lists JSON-LD objects, then microdata items in JSON-LD shape, then OpenGraph properties', () => {
    const html = `<html><head>
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme"}</script>
      <meta property="og:type" content="website"><meta property="og:locale:alternate" content="fr_FR"><meta property="og:locale:alternate" content="de_DE">
      </head><body><div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ada</span></div><p>x</p></body></html>`;
    const json = toJsonFormat(extractPage(html, { url: PAGE_URL }), PAGE_URL);
    expect(json.structured_data).toEqual([
      { '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme' },
      { '@context': 'https://schema.org', '@type': 'Person', name: 'Ada' },
      { '@type': 'OpenGraph', 'og:type': 'website', 'og:locale:alternate': ['fr_FR', 'de_DE'] },
    ]);
  });

  it('serialises to JSON and back unchanged', () => {
    const json = toJsonFormat(extractPage(pageWithChrome(`<p>${prose('round trips')}</p>`), { url: PAGE_URL }), PAGE_URL);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });
});
