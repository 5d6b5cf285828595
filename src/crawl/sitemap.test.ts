/**
 * The sitemap scanner (issue 25, finding 2b): each `<loc>` left open used to send a lazy regular
 * expression to the end of the file looking for its `</loc>`, so 60 000 of them (300 KB) took 14 s
 * and a file at the 10 MB fetch limit hours. The scanner resumes each search where the last stopped.
 */
import { describe, expect, it } from 'vitest';
import { parseSitemap } from './sitemap.js';

const BASE = 'https://e.com/sitemap.xml';
const urlset = (inner: string) => `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${inner}</urlset>`;

describe('sitemap scanner', () => {
  it('reads locations with namespace prefixes, CDATA, entities and relative URLs', () => {
    const xml = urlset(
      '<url><image:loc>https://e.com/img.png</image:loc></url>' +
        '<url><LOC><![CDATA[https://e.com/c?a=1&b=2]]></LOC></url>' +
        '<url><loc>https://e.com/&#x41;&#66;&amp;&unknown;</loc></url>' +
        '<url><loc>/relative</loc></url>' +
        '<url><loc>ftp://e.com/file</loc></url>',
    );
    expect(parseSitemap(xml, BASE).pages).toEqual(['https://e.com/img.png', 'https://e.com/c?a=1&b=2', 'https://e.com/AB&&unknown;', 'https://e.com/relative']);
  });

  it('keeps a character reference past Unicode as written instead of failing', () => {
    expect(parseSitemap(urlset('<url><loc>https://e.com/&#99999999;x</loc></url><url><loc>https://e.com/next</loc></url>'), BASE).pages).toEqual([
      'https://e.com/&#99999999;x',
      'https://e.com/next',
    ]);
  });

  it('reads a location up to the first closing tag, as before', () => {
    expect(parseSitemap('<loc>https://e.com/a<loc>b</loc><loc>https://e.com/c</loc>', BASE).pages).toEqual(['https://e.com/a%3Cloc%3Eb', 'https://e.com/c']);
  });

  it('reads the closed locations of a 10 MB sitemap whose other 2 million <loc> tags are never closed', () => {
    const xml = urlset(`<url><loc>https://e.com/one</loc></url><url><loc>https://e.com/two</loc></url>${'<loc>'.repeat(2_000_000)}`);
    expect(xml.length).toBeGreaterThan(10_000_000);
    expect(parseSitemap(xml, BASE)).toEqual({ pages: ['https://e.com/one', 'https://e.com/two'], sitemaps: [] });
  });

  it('reads a location holding 200 000 unclosed CDATA sections', () => {
    const xml = urlset(`<url><loc>https://e.com/x${'<![CDATA['.repeat(200_000)}</loc></url>`);
    const { pages } = parseSitemap(xml, BASE);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.startsWith('https://e.com/x%3C![CDATA[')).toBe(true);
  });
});
