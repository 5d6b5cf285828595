import { describe, expect, it } from 'vitest';
import { PAGE_URL, pageWithChrome, prose } from '../../../tests/support/extract-fixtures.js';
import { extractPage } from './extract-page.js';

const ARTICLE_HEAD = `
  <title>Bees and us | Example News</title>
  <meta name="description" content="Why pollinators matter.">
  <meta property="og:title" content="Bees and us">
  <meta property="og:site_name" content="Example News">
  <meta property="og:image" content="/img/bees.jpg">
  <meta property="og:image:width" content="1200">
  <meta property="og:image:height" content="630">
  <meta property="article:published_time" content="2024-05-02T08:30:00+02:00">
  <meta property="article:tag" content="nature">
  <meta property="article:tag" content="science">
  <meta name="author" content="Ada Lovelace">
  <meta name="citation_doi" content="10.1234/bees">
  <meta name="DC.Title" content="Bees and us (Dublin Core)">
  <link rel="canonical" href="https://news.example.com/bees">
`;

describe('extractPage metadata', () => {
  it('reads title, description, language, author, date, site name and canonical URL', () => {
    const page = extractPage(pageWithChrome(`<article><p>${prose('bees')}</p></article>`, ARTICLE_HEAD), { url: PAGE_URL });
    expect(page.title).toBe('Bees and us');
    expect(page.description).toBe('Why pollinators matter.');
    expect(page.language).toBe('en');
    expect(page.author).toBe('Ada Lovelace');
    expect(page.published).toBe('2024-05-02T06:30:00.000Z');
    expect(page.siteName).toBe('Example News');
    expect(page.canonicalUrl).toBe('https://news.example.com/bees');
  });

  it('keeps every meta name and property, repeated ones in order, keys lower-cased', () => {
    const page = extractPage(pageWithChrome('<p>x</p>', ARTICLE_HEAD), { url: PAGE_URL });
    expect(page.meta['article:tag']).toEqual(['nature', 'science']);
    expect(page.meta['citation_doi']).toEqual(['10.1234/bees']);
    expect(page.meta['dc.title']).toEqual(['Bees and us (Dublin Core)']);
    expect(page.structuredData.openGraph['og:title']).toEqual(['Bees and us']);
    expect(page.structuredData.openGraph['article:tag']).toEqual(['nature', 'science']);
    expect(page.structuredData.openGraph['citation_doi']).toBeUndefined();
  });

  it('falls back to JSON-LD for headline, author and date, and flattens @graph', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'Garden Weekly', url: 'https://garden.example' },
        {
          '@type': 'BlogPosting',
          headline: 'Planting in May',
          datePublished: '2023-05-01',
          author: [
            { '@type': 'Person', name: 'Grace Hopper' },
            { '@type': 'Person', name: 'Alan Turing' },
          ],
        },
      ],
    };
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(graph)}</script></head><body><article><p>${prose('tomatoes')}</p></article></body></html>`;
    const page = extractPage(html, { url: PAGE_URL });
    expect(page.title).toBe('Planting in May');
    expect(page.author).toBe('Grace Hopper, Alan Turing');
    expect(page.published).toBe('2023-05-01');
    expect(page.siteName).toBe('Garden Weekly');
    expect(page.structuredData.jsonLd).toHaveLength(2);
    expect(page.structuredData.jsonLd[1]).toMatchObject({ '@context': 'https://schema.org', '@type': 'BlogPosting' });
  });

  it('skips broken JSON-LD blocks and reads the others', () => {
    const html = `<html><head><script type="application/ld+json">{ not json</script>
      <script type="application/ld+json"><!-- {"@type":"Organization","name":"Acme"} --></script></head><body><p>x</p></body></html>`;
    expect(extractPage(html, { url: PAGE_URL }).structuredData.jsonLd).toEqual([{ '@type': 'Organization', name: 'Acme' }]);
  });

  it('reads a page whose meta names and item properties are named like an object prototype', () => {
    // `<meta name="constructor">` made the page unreadable: `meta[key] ??= []` found the inherited value.
    const head = `<title>Odd names</title><meta name="constructor" content="c"><meta property="__proto__" content="p">`;
    const body = `<div itemscope itemtype="https://schema.org/Thing"><span itemprop="constructor">a</span><span itemprop="__proto__">b</span></div><article><p>${prose('odd')}</p></article>`;
    const page = extractPage(pageWithChrome(body, head), { url: PAGE_URL });
    expect(page.title).toBe('Odd names');
    const [item] = page.structuredData.microdata;
    expect(JSON.stringify(item?.properties)).toBe('{"constructor":["a"],"__proto__":["b"]}');
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('reads microdata items with nested items and absolute URL properties', () => {
    const html = `<html><body><div itemscope itemtype="https://schema.org/Product">
      <h1 itemprop="name">Kettle</h1><img itemprop="image" src="/k.jpg">
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content="39.90">39,90 €</span></div>
    </div></body></html>`;
    const [item] = extractPage(html, { url: PAGE_URL }).structuredData.microdata;
    expect(item).toEqual({
      type: ['https://schema.org/Product'],
      properties: {
        name: ['Kettle'],
        image: ['https://news.example.com/k.jpg'],
        offers: [{ type: ['https://schema.org/Offer'], properties: { priceCurrency: ['EUR'], price: ['39.90'] } }],
      },
    });
  });

  it('lists content links once each, absolute, and images with their sizes, og:image first', () => {
    const page = extractPage(
      pageWithChrome(
        `<article><p>${prose('links')} See <a href="/one">one</a>, <a href="/one">one again</a> and <a href="https://other.example/two">two</a>.</p>
        <p><img src="/pics/a.png" alt="A" width="640" height="480"> <img data-src="/pics/lazy.png" src="data:image/gif;base64,R0lGOD" alt="Lazy"></p></article>`,
        ARTICLE_HEAD,
      ),
      { url: PAGE_URL },
    );
    expect(page.links).toEqual([
      { text: 'one', url: 'https://news.example.com/one' },
      { text: 'two', url: 'https://other.example/two' },
    ]);
    expect(page.images).toEqual([
      { url: 'https://news.example.com/img/bees.jpg', alt: '', width: 1200, height: 630 },
      { url: 'https://news.example.com/pics/a.png', alt: 'A', width: 640, height: 480 },
      { url: 'https://news.example.com/pics/lazy.png', alt: 'Lazy' },
    ]);
  });

  it('lists the headings of the main content', () => {
    const page = extractPage(pageWithChrome(`<article><h1>Main</h1><p>${prose('a')}</p><h2>Part <em>one</em></h2><p>${prose('b')}</p></article>`), {
      url: PAGE_URL,
    });
    expect(page.headings).toEqual(['Main', 'Part one']);
  });

  it('normalises dates written in other formats and ignores nonsense', () => {
    const dated = (value: string): string | undefined =>
      extractPage(`<html><head><meta property="article:published_time" content="${value}"></head><body><p>x</p></body></html>`, { url: PAGE_URL }).published;
    expect(dated('2024-05-02')).toBe('2024-05-02');
    expect(dated('20240502')).toBe('2024-05-02');
    expect(dated('Thu, 02 May 2024 10:00:00 GMT')).toBe('2024-05-02T10:00:00.000Z');
    expect(dated('yesterday')).toBeUndefined();
  });
});
