/** Sitemaps (sitemaps.org): `<urlset>` of page locations and `<sitemapindex>` of further sitemaps, plain or gzipped. */
import { gunzipSync } from 'node:zlib';

export interface SitemapEntries {
  readonly pages: string[];
  readonly sitemaps: string[];
}

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const CDATA_OPEN = '<![CDATA[';
const CDATA_CLOSE = ']]>';

function entity(whole: string, name: string): string {
  const hex = name.startsWith('#x') || name.startsWith('#X');
  if (!hex && !name.startsWith('#')) return XML_ENTITIES[name.toLowerCase()] ?? whole;
  const codePoint = hex ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
  // A reference past Unicode's last code point names no character: it stays as written.
  return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
}

/** Character data: CDATA sections unwrapped, entities and character references decoded. */
function decodeText(text: string): string {
  let plain = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf(CDATA_OPEN, at);
    const close = open < 0 ? -1 : text.indexOf(CDATA_CLOSE, open + CDATA_OPEN.length);
    // Without a later `]]>`, no later section can close either: the rest is plain text.
    if (close < 0) return plain + decodeEntities(text.slice(at));
    plain += decodeEntities(text.slice(at, open)) + text.slice(open + CDATA_OPEN.length, close);
    at = close + CDATA_CLOSE.length;
  }
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, entity);
}

/**
 * The text of every `<loc>` element (namespace prefix allowed), in order. The file comes from the
 * site being mapped: each search resumes where the last one stopped, so the scan is linear in the
 * file's length however many tags are left open.
 */
function locations(xml: string): string[] {
  const opening = /<(?:\w+:)?loc>/gi;
  const closing = /<\/(?:\w+:)?loc>/gi;
  const found: string[] = [];
  while (opening.exec(xml) !== null) {
    closing.lastIndex = opening.lastIndex;
    const end = closing.exec(xml);
    // No closing tag after this one: no later `<loc>` can be closed either.
    if (end === null) break;
    found.push(xml.slice(opening.lastIndex, end.index));
    opening.lastIndex = closing.lastIndex;
  }
  return found;
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
  for (const location of locations(xml)) {
    const raw = decodeText(location).trim();
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
