import { type ElementNode, findAll, findFirst, textContent } from './dom.js';
import { pushOwn } from './own-list.js';
import type { JsonObject, JsonValue } from './types.js';
import { resolveUrl } from './url.js';

export interface PageMetadata {
  title?: string;
  description?: string;
  language?: string;
  author?: string;
  published?: string;
  siteName?: string;
  canonicalUrl: string;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Every `<meta name|property|itemprop content>`: lower-cased key → contents in document order. */
export function collectMeta(root: ElementNode): Record<string, string[]> {
  const meta: Record<string, string[]> = {};
  for (const element of findAll(root, (e) => e.tag === 'meta')) {
    const content = element.attrs['content'];
    if (content === undefined) continue;
    // RDFa lets one element carry several space-separated properties.
    const keys = [element.attrs['name'], element.attrs['property'], element.attrs['itemprop']]
      .filter((k): k is string => k !== undefined)
      .flatMap((k) => k.toLowerCase().split(/\s+/))
      .filter((k) => k !== '');
    for (const key of new Set(keys)) pushOwn(meta, key, collapse(content));
  }
  return meta;
}

/** The URL relative references resolve against: `<base href>` when present, else the page URL. */
export function documentBaseUrl(root: ElementNode, pageUrl: string): string {
  const base = findFirst(root, (e) => e.tag === 'base' && e.attrs['href'] !== undefined);
  return resolveUrl(base?.attrs['href'], pageUrl) ?? pageUrl;
}

function firstMeta(meta: Record<string, string[]>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = meta[key]?.find((v) => v !== '');
    if (value !== undefined) return value;
  }
  return undefined;
}

function asString(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return collapse(value) || undefined;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function jsonLdName(value: JsonValue | undefined): string | undefined {
  if (Array.isArray(value)) {
    const names = value.map((v) => jsonLdName(v)).filter((n): n is string => n !== undefined);
    return names.length > 0 ? names.join(', ') : undefined;
  }
  if (value !== null && typeof value === 'object') return asString(value['name']);
  return asString(value);
}

const CREATIVE_WORK_TYPES = /Article|BlogPosting|Posting|Report|WebPage|CreativeWork|Recipe|Review|Product|Event|Course|HowTo|FAQPage|QAPage/i;

function typesOf(object: JsonObject): string[] {
  const type = object['@type'];
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return [];
}

function mainJsonLdObject(jsonLd: JsonObject[]): JsonObject | undefined {
  return (
    jsonLd.find((o) => typesOf(o).some((t) => /Article|BlogPosting|Posting|Report/i.test(t))) ??
    jsonLd.find((o) => typesOf(o).some((t) => CREATIVE_WORK_TYPES.test(t)))
  );
}

/**
 * Normalises a date as pages write it into ISO 8601. Date-only values stay date-only
 * (inventing a midnight would claim a precision the page does not give).
 */
export function normaliseDate(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const value = raw.trim();
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return value;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return undefined;
  const year = new Date(time).getUTCFullYear();
  if (year < 1990 || year > 2100) return undefined;
  return new Date(time).toISOString();
}

function languageOf(root: ElementNode, meta: Record<string, string[]>): string | undefined {
  const html = findFirst(root, (e) => e.tag === 'html');
  const declared = html?.attrs['lang'] ?? html?.attrs['xml:lang'] ?? firstMeta(meta, 'content-language', 'language', 'dc.language', 'og:locale');
  const httpEquiv = findFirst(root, (e) => e.tag === 'meta' && (e.attrs['http-equiv'] ?? '').toLowerCase() === 'content-language');
  const raw = declared ?? httpEquiv?.attrs['content'];
  if (!raw) return undefined;
  const tag = raw
    .trim()
    .split(/[,;\s]/)[0]
    ?.replace(/_/g, '-');
  return tag && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(tag) ? tag : undefined;
}

function documentTitle(root: ElementNode): string | undefined {
  const title = findFirst(root, (e) => e.tag === 'title');
  return title ? collapse(textContent(title)) || undefined : undefined;
}

function firstHeading(root: ElementNode): string | undefined {
  const h1 = findFirst(root, (e) => e.tag === 'h1');
  return h1 ? collapse(textContent(h1)) || undefined : undefined;
}

function authorOf(root: ElementNode, meta: Record<string, string[]>, main: JsonObject | undefined): string | undefined {
  const fromMeta = firstMeta(
    meta,
    'author',
    'article:author',
    'dc.creator',
    'dcterms.creator',
    'citation_author',
    'parsely-author',
    'sailthru.author',
    'twitter:creator',
  );
  // article:author is often a profile URL, which is not a name.
  if (fromMeta && !/^https?:\/\//.test(fromMeta) && !fromMeta.startsWith('@')) return fromMeta;
  const fromJsonLd = main ? jsonLdName(main['author'] ?? main['creator']) : undefined;
  if (fromJsonLd) return fromJsonLd;
  const relAuthor = findFirst(root, (e) => (e.attrs['rel'] ?? '').split(/\s+/).includes('author') && e.tag === 'a');
  const relText = relAuthor ? collapse(textContent(relAuthor)) : '';
  if (relText !== '' && relText.length < 80) return relText;
  const itemprop = findFirst(root, (e) => (e.attrs['itemprop'] ?? '').split(/\s+/).includes('author'));
  if (itemprop) {
    const name = findFirst(itemprop, (e) => e.attrs['itemprop'] === 'name');
    const text = collapse(name ? (name.attrs['content'] ?? textContent(name)) : (itemprop.attrs['content'] ?? textContent(itemprop)));
    if (text !== '' && text.length < 80) return text;
  }
  return fromMeta;
}

function publishedOf(root: ElementNode, meta: Record<string, string[]>, main: JsonObject | undefined): string | undefined {
  const candidates = [
    firstMeta(
      meta,
      'article:published_time',
      'og:published_time',
      'datepublished',
      'citation_publication_date',
      'citation_date',
      'dc.date.issued',
      'dcterms.issued',
      'dc.date',
      'dcterms.date',
      'date',
      'pubdate',
      'publish-date',
      'parsely-pub-date',
      'sailthru.date',
    ),
    main ? (asString(main['datePublished']) ?? asString(main['dateCreated'])) : undefined,
    findFirst(
      root,
      (e) =>
        e.tag === 'time' && e.attrs['datetime'] !== undefined && ((e.attrs['itemprop'] ?? '').includes('datePublished') || e.attrs['pubdate'] !== undefined),
    )?.attrs['datetime'],
    findFirst(root, (e) => e.tag === 'time' && e.attrs['datetime'] !== undefined)?.attrs['datetime'],
  ];
  for (const candidate of candidates) {
    const date = normaliseDate(candidate);
    if (date) return date;
  }
  return undefined;
}

function siteNameOf(meta: Record<string, string[]>, jsonLd: JsonObject[], main: JsonObject | undefined): string | undefined {
  const fromMeta = firstMeta(meta, 'og:site_name', 'application-name', 'apple-mobile-web-app-title', 'publisher');
  if (fromMeta) return fromMeta;
  const publisher = main ? jsonLdName(main['publisher']) : undefined;
  if (publisher) return publisher;
  const website = jsonLd.find((o) => typesOf(o).includes('WebSite'));
  return website ? asString(website['name']) : undefined;
}

export function extractMetadata(root: ElementNode, meta: Record<string, string[]>, jsonLd: JsonObject[], pageUrl: string, baseUrl: string): PageMetadata {
  const main = mainJsonLdObject(jsonLd);
  const canonicalLink = findAll(root, (e) => e.tag === 'link' && (e.attrs['rel'] ?? '').toLowerCase().split(/\s+/).includes('canonical'))[0];
  const canonicalUrl = resolveUrl(canonicalLink?.attrs['href'], baseUrl) ?? resolveUrl(firstMeta(meta, 'og:url'), pageUrl) ?? pageUrl;
  const metadata: PageMetadata = { canonicalUrl };
  const title =
    firstMeta(meta, 'og:title', 'twitter:title', 'citation_title', 'dc.title') ??
    (main ? asString(main['headline']) : undefined) ??
    documentTitle(root) ??
    firstHeading(root);
  const description =
    firstMeta(meta, 'description', 'og:description', 'twitter:description', 'dc.description') ?? (main ? asString(main['description']) : undefined);
  const language = languageOf(root, meta);
  const author = authorOf(root, meta, main);
  const published = publishedOf(root, meta, main);
  const siteName = siteNameOf(meta, jsonLd, main);
  if (title) metadata.title = title;
  if (description) metadata.description = description;
  if (language) metadata.language = language;
  if (author) metadata.author = author;
  if (published) metadata.published = published;
  if (siteName) metadata.siteName = siteName;
  return metadata;
}
