/** Reading schema.org entities (JSON-LD, or microdata in JSON-LD shape) and meta tags leniently. */
import type { JsonObject, JsonValue, MetaTag, PageFacts } from '../../scrape/extract/index.js';

function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Short type names of an entity: "https://schema.org/NewsArticle" and "schema:NewsArticle" give "NewsArticle". */
export function typesOf(entity: JsonObject): string[] {
  const raw = entity['@type'];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.filter((t): t is string => typeof t === 'string').map((t) => t.slice(Math.max(t.lastIndexOf('/'), t.lastIndexOf(':')) + 1));
}

/** Every entity of the page, nested ones included (a WebPage's `mainEntity`, an ItemList's elements…), outer first. */
export function allEntities(facts: PageFacts): JsonObject[] {
  const found: JsonObject[] = [];
  const seen = new Set<JsonObject>();
  const visit = (value: JsonValue | undefined, depth: number): void => {
    if (depth > 6 || value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry, depth + 1);
      return;
    }
    if (!isObject(value) || seen.has(value)) return;
    seen.add(value);
    if (typesOf(value).length > 0) found.push(value);
    for (const [key, child] of Object.entries(value)) if (key !== '@context') visit(child, depth + 1);
  };
  for (const entity of facts.entities) visit(entity, 0);
  return found;
}

export function entitiesOfType(facts: PageFacts, accept: (type: string) => boolean): JsonObject[] {
  return allEntities(facts).filter((entity) => typesOf(entity).some(accept));
}

/** A text value: strings and numbers as text; an object by its `name`; the first usable entry of a list. */
export function text(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = text(entry);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isObject(value)) return text(value['name'] ?? value['@value']);
  return undefined;
}

/** Every name of a value that may be one person/organisation or a list of them. */
export function names(value: JsonValue | undefined): string[] {
  if (Array.isArray(value)) return value.flatMap(names);
  const name = text(value);
  return name === undefined ? [] : [name];
}

/** A number from a number or a numeric string ("4.5", "1,234", "4,5"). */
export function number(value: JsonValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) return number(value[0]);
  if (isObject(value)) return number(value['@value'] ?? value['value']);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  const normalised = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed.replace(',', '.');
  const parsed = Number(normalised);
  return trimmed !== '' && Number.isFinite(parsed) ? parsed : undefined;
}

export function object(value: JsonValue | undefined): JsonObject | undefined {
  if (Array.isArray(value)) return value.map(object).find((entry) => entry !== undefined);
  return isObject(value) ? value : undefined;
}

/** An absolute http(s) URL from a string, an object (`url`, `contentUrl`, `@id`) or a list. */
export function link(value: JsonValue | undefined, base: string): string | undefined {
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = link(entry, base);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isObject(value)) return link(value['url'] ?? value['contentUrl'] ?? value['@id'], base);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Contents of the meta tags named `keys` (lower case), in document order, optionally of one `scheme`. */
export function metaValues(facts: PageFacts, keys: readonly string[], scheme?: string): string[] {
  return facts.metaTags
    .filter((tag: MetaTag) => keys.includes(tag.key) && (scheme === undefined || tag.scheme === scheme) && tag.content !== '')
    .map((tag) => tag.content);
}

export function firstMeta(facts: PageFacts, keys: readonly string[], scheme?: string): string | undefined {
  return metaValues(facts, keys, scheme)[0];
}

/** A date from common notations (ISO 8601, `YYYY/MM/DD`, `YYYYMMDD`, `YYYY`); undefined when unreadable. */
export function parseDate(raw: string | undefined): Date | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim();
  const ymd = /^(\d{4})[/.-]?(\d{2})[/.-]?(\d{2})$/.exec(value);
  if (ymd) {
    const date = new Date(Date.UTC(Number(ymd[1]), Number(ymd[2]) - 1, Number(ymd[3])));
    return date.getUTCDate() === Number(ymd[3]) ? date : undefined;
  }
  const year = /^(\d{4})$/.exec(value);
  if (year) return new Date(Date.UTC(Number(year[1]), 0, 1));
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}

/** `YYYY-MM-DD` of a date. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A rating scaled to 5 (a `ratingValue` of 8 with `bestRating` 10 reads 4), one decimal. */
export function ratingOutOfFive(rating: JsonObject | undefined): { rating?: number; reviews?: number } {
  if (rating === undefined) return {};
  const value = number(rating['ratingValue']);
  const best = number(rating['bestRating']) ?? 5;
  const count = number(rating['reviewCount']) ?? number(rating['ratingCount']);
  const out: { rating?: number; reviews?: number } = {};
  if (value !== undefined && best > 0 && value >= 0 && value <= best) out.rating = Math.round((value / best) * 50) / 10;
  if (count !== undefined && Number.isInteger(count) && count >= 0) out.reviews = count;
  return out;
}
