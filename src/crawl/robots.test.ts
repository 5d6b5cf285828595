import { describe, expect, it } from 'vitest';
import { parseRobots, productToken } from './robots.js';
import { parseSitemap } from './sitemap.js';

const ROBOTS = `# comments are ignored
User-agent: *
Disallow: /private/
Allow: /private/open
Disallow: /*.pdf$
Disallow: /search?
Crawl-delay: 2

User-agent: QuarryBot
User-agent: other
Disallow: /only-for-others/
Allow: /

Sitemap: https://example.com/sitemap.xml
Sitemap: /relative-sitemap.xml
`;

describe('robots.txt', () => {
  const star = parseRobots(ROBOTS, 'SomeBot/1.0', 'https://example.com');
  const quarry = parseRobots(ROBOTS, 'QuarryBot/1.0 (+https://quarry.example)', 'https://example.com');

  it('lets the longest matching rule decide, allow winning a tie', () => {
    expect(star.allows('/private/x')).toBe(false);
    expect(star.allows('/private/open/page')).toBe(true);
    expect(star.allows('/public')).toBe(true);
  });

  it('understands * and a final $', () => {
    expect(star.allows('/docs/manual.pdf')).toBe(false);
    expect(star.allows('/docs/manual.pdf?download=1')).toBe(true);
    expect(star.allows('/search?q=x')).toBe(false);
    expect(star.allows('/search')).toBe(true);
  });

  it('uses the group naming the crawler’s product token instead of *', () => {
    expect(productToken('QuarryBot/1.0 (+https://quarry.example)')).toBe('quarrybot');
    expect(quarry.allows('/private/x')).toBe(true);
    expect(quarry.allows('/only-for-others/a')).toBe(false);
    expect(quarry.crawlDelaySeconds).toBeUndefined();
    expect(star.crawlDelaySeconds).toBe(2);
  });

  it('lists sitemaps as absolute URLs and always allows robots.txt itself', () => {
    expect(star.sitemaps).toEqual(['https://example.com/sitemap.xml', 'https://example.com/relative-sitemap.xml']);
    expect(parseRobots('User-agent: *\nDisallow: /', 'x', 'https://e.com').allows('/robots.txt')).toBe(true);
    expect(parseRobots('User-agent: *\nDisallow:', 'x', 'https://e.com').allows('/anything')).toBe(true);
  });
});

describe('sitemaps', () => {
  it('reads page locations and nested sitemaps, decoding entities', () => {
    expect(
      parseSitemap('<urlset><url><loc> https://e.com/a?x=1&amp;y=2 </loc></url><url><loc>mailto:x@e.com</loc></url></urlset>', 'https://e.com/sitemap.xml'),
    ).toEqual({ pages: ['https://e.com/a?x=1&y=2'], sitemaps: [] });
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://e.com/s1.xml.gz</loc></sitemap></sitemapindex>', 'https://e.com/')).toEqual({
      pages: [],
      sitemaps: ['https://e.com/s1.xml.gz'],
    });
  });
});
