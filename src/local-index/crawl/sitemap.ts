/** Sitemaps (sitemaps.org): `<urlset>` of page locations and `<sitemapindex>` of further sitemaps, plain or gzipped. */
import { gunzipSync } from 'node:zlib';

export interface SitemapEntries {
  readonly pages: string[];
  readonly sitemaps: string[];
}

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return XML_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The sitemap's body as text, gunzipping a gzip file (`sitemap.xml.gz`) that was not served with a content encoding. */
export function sitemapText(body: Buffer): string {
  const isGzip = body.length > 2 && body[0] === 0x1f && body[1] === 0x8b;
  return (isGzip ? gunzipSync(body, { maxOutputLength: 64 * 1024 * 1024 }) : body).toString('utf8');
}

/** Locations listed by a sitemap or sitemap index, absolute http(s) URLs only. */
export function parseSitemap(xml: string, baseUrl: string): SitemapEntries {
  const pages: string[] = [];
  const sitemaps: string[] = [];
  const isIndex = /<(?:\w+:)?sitemapindex[\s>]/i.test(xml);
  for (const match of xml.matchAll(/<(?:\w+:)?loc>([\s\S]*?)<\/(?:\w+:)?loc>/gi)) {
    const raw = decodeEntities(match[1] ?? '').trim();
    try {
      const url = new URL(raw, baseUrl);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      (isIndex ? sitemaps : pages).push(url.href);
    } catch {
      // A location that is not a URL is skipped.
    }
  }
  return { pages, sitemaps };
}
