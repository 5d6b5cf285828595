import { type ElementNode, elementChildren, findAll, textContent } from './dom.js';
import { pushOwn } from './own-list.js';
import type { JsonObject, JsonValue, MicrodataItem, StructuredData } from './types.js';
import { resolveUrl } from './url.js';

/** Meta keys that belong to the OpenGraph family of protocols (og:, article:, product:, …). */
const OPEN_GRAPH_PREFIXES = ['og:', 'article:', 'product:', 'book:', 'profile:', 'music:', 'video:', 'business:', 'place:'];

export function collectStructuredData(root: ElementNode, meta: Record<string, string[]>, baseUrl: string, warnings: string[] = []): StructuredData {
  return {
    jsonLd: collectJsonLd(root, warnings),
    microdata: collectMicrodata(root, baseUrl),
    openGraph: pickOpenGraph(meta),
  };
}

/**
 * JSON-LD written by people nests a handful of levels; a block nested deeper is hostile or
 * broken, and every later reader (the response serialiser, the cache, the index) walks it.
 */
export const MAX_JSON_LD_DEPTH = 64;
/** JSON-LD objects kept per page; the rest are dropped with a warning. */
export const MAX_JSON_LD_OBJECTS = 1_000;

/**
 * Every JSON-LD object of the page. Blocks that fail to parse are skipped: a broken block
 * written by the site is not an extraction failure, and the rest of the page is still useful.
 * Blocks over the depth budget and objects over the count budget are skipped too, each with a
 * line in `warnings` (reported to the client in the scrape's metadata).
 */
export function collectJsonLd(root: ElementNode, warnings: string[] = []): JsonObject[] {
  const objects: JsonObject[] = [];
  const scripts = findAll(root, (e) => e.tag === 'script');
  let tooDeep = 0;
  for (const script of scripts) {
    const parsed = parseLenientJson(textContent(script));
    if (parsed === undefined) continue;
    if (nestedDeeperThan(parsed, MAX_JSON_LD_DEPTH)) tooDeep++;
    else flattenJsonLd(parsed, objects);
  }
  if (tooDeep > 0) warnings.push(`${plural(tooDeep, 'JSON-LD block')} nested deeper than ${MAX_JSON_LD_DEPTH} levels skipped.`);
  if (objects.length > MAX_JSON_LD_OBJECTS) {
    warnings.push(`${plural(objects.length - MAX_JSON_LD_OBJECTS, 'JSON-LD object')} beyond the first ${MAX_JSON_LD_OBJECTS} skipped.`);
    objects.length = MAX_JSON_LD_OBJECTS;
  }
  return objects;
}

function plural(count: number, noun: string): string {
  return count === 1 ? `1 ${noun}` : `${count} ${noun}s`;
}

/** Whether arrays and objects nest deeper than `limit` levels; iterative, so any depth is safe to measure. */
export function nestedDeeperThan(value: JsonValue, limit: number): boolean {
  const pending: Array<{ value: JsonValue; depth: number }> = [{ value, depth: 1 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth > limit) return true;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children) if (child !== null && typeof child === 'object') pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

// eslint-disable-next-line no-control-regex -- matching raw control characters is the point: JSON forbids them, sites emit them.
const CONTROL_CHARACTERS = /[\u0000-\u001f]+/g;

function parseLenientJson(source: string): JsonValue | undefined {
  // Sites wrap JSON-LD in HTML comments or CDATA markers, and leave raw control characters in strings.
  const cleaned = source
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^\/\*<!\[CDATA\[\*\/|\/\*\]\]>\*\/$/g, '')
    .replace(CONTROL_CHARACTERS, ' ');
  if (cleaned === '') return undefined;
  try {
    return JSON.parse(cleaned) as JsonValue;
  } catch {
    return undefined;
  }
}

function flattenJsonLd(value: JsonValue, into: JsonObject[]): void {
  if (Array.isArray(value)) {
    for (const item of value) flattenJsonLd(item, into);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const graph = value['@graph'];
  if (Array.isArray(graph)) {
    const context = value['@context'];
    for (const member of graph) {
      if (member !== null && typeof member === 'object' && !Array.isArray(member) && context !== undefined && member['@context'] === undefined) {
        into.push({ '@context': context, ...member });
      } else {
        flattenJsonLd(member, into);
      }
    }
    const rest = Object.keys(value).filter((key) => key !== '@graph' && key !== '@context');
    if (rest.length > 0) {
      const withoutGraph: JsonObject = {};
      for (const key of rest) withoutGraph[key] = value[key] as JsonValue;
      into.push(withoutGraph);
    }
    return;
  }
  into.push(value);
}

function pickOpenGraph(meta: Record<string, string[]>): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(meta)) {
    if (OPEN_GRAPH_PREFIXES.some((prefix) => key.startsWith(prefix))) result[key] = values;
  }
  return result;
}

/** Top-level microdata items (`itemscope` not itself an `itemprop` of another item). */
export function collectMicrodata(root: ElementNode, baseUrl: string): MicrodataItem[] {
  const topLevel = findAll(root, (e) => e.attrs['itemscope'] !== undefined && e.attrs['itemprop'] === undefined);
  return topLevel.map((element) => readItem(element, baseUrl, 0));
}

const MAX_ITEM_DEPTH = 8;

function readItem(scope: ElementNode, baseUrl: string, depth: number): MicrodataItem {
  const item: MicrodataItem = {
    type: (scope.attrs['itemtype'] ?? '').split(/\s+/).filter((t) => t !== ''),
    properties: {},
  };
  const id = scope.attrs['itemid'];
  if (id) item.id = id;
  visitProperties(scope, (element) => {
    const names = (element.attrs['itemprop'] ?? '').split(/\s+/).filter((n) => n !== '');
    const value: string | MicrodataItem =
      element.attrs['itemscope'] !== undefined && depth < MAX_ITEM_DEPTH ? readItem(element, baseUrl, depth + 1) : propertyValue(element, baseUrl);
    for (const name of names) pushOwn(item.properties, name, value);
  });
  return item;
}

/** Calls `onProperty` for each `itemprop` element belonging to `scope` (not to a nested item). */
function visitProperties(scope: ElementNode, onProperty: (element: ElementNode) => void): void {
  for (const child of elementChildren(scope)) {
    if (child.attrs['itemprop'] !== undefined) onProperty(child);
    if (child.attrs['itemscope'] === undefined) visitProperties(child, onProperty);
  }
}

const URL_PROPERTY_ATTRIBUTE: Record<string, string> = {
  a: 'href',
  area: 'href',
  link: 'href',
  img: 'src',
  audio: 'src',
  video: 'src',
  source: 'src',
  embed: 'src',
  iframe: 'src',
  track: 'src',
  object: 'data',
};

function propertyValue(element: ElementNode, baseUrl: string): string {
  if (element.tag === 'meta') return element.attrs['content'] ?? '';
  const urlAttribute = URL_PROPERTY_ATTRIBUTE[element.tag];
  if (urlAttribute) {
    const raw = element.attrs[urlAttribute];
    return resolveUrl(raw, baseUrl) ?? raw ?? '';
  }
  if (element.tag === 'time' && element.attrs['datetime']) return element.attrs['datetime'];
  if ((element.tag === 'data' || element.tag === 'meter') && element.attrs['value'] !== undefined) return element.attrs['value'];
  if (element.attrs['content'] !== undefined) return element.attrs['content'];
  return textContent(element).replace(/\s+/g, ' ').trim();
}

/** Renders a microdata item in JSON-LD shape so consumers read both kinds the same way. */
export function microdataToJsonLd(item: MicrodataItem): JsonObject {
  const result: JsonObject = {};
  const type = item.type[0];
  if (type) {
    const slash = type.lastIndexOf('/');
    result['@context'] = slash > 0 ? type.slice(0, slash) : 'https://schema.org';
    result['@type'] = item.type.length > 1 ? item.type.map((t) => t.slice(t.lastIndexOf('/') + 1)) : type.slice(slash + 1);
  }
  if (item.id) result['@id'] = item.id;
  for (const [name, values] of Object.entries(item.properties)) {
    const converted = values.map((v) => (typeof v === 'string' ? v : microdataToJsonLd(v)));
    result[name] = converted.length === 1 ? (converted[0] as JsonValue) : converted;
  }
  return result;
}
