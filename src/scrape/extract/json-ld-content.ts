import type { Block } from './blocks.js';
import { parseHtml, textContent } from './dom.js';
import type { JsonObject, JsonValue } from './types.js';

const PRODUCT_TYPES = new Set(['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel', 'Vehicle', 'Car']);

function isProduct(object: JsonObject): boolean {
  const type = object['@type'];
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => typeof t === 'string' && PRODUCT_TYPES.has(t.replace(/^.*[/#]/, '')));
}

/** Text written without a space and with `%20` between words: a URL-encoded description. */
const PERCENT_ENCODED = /^[^\s]*%20[^\s]*$/;

/**
 * A structured-data string as readers would read it: shops paste HTML (tags and entities such
 * as `&apos;`) into their descriptions, and some URL-encode them (`An%20elegant%20sofa`).
 */
export function plainStructuredText(value: JsonValue | undefined): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  let source = String(value);
  if (PERCENT_ENCODED.test(source)) {
    try {
      source = decodeURIComponent(source);
    } catch {
      // A stray `%` that starts no escape: the text stays as written.
    }
  }
  const withoutTags = source.replace(/<[^>]*>/g, ' ');
  const text = (withoutTags.includes('&') ? textContent(parseHtml(withoutTags).root) : withoutTags).replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether most words of `snippet` already occur in the extracted content. */
function alreadyShown(snippet: string, shownWords: Set<string>): boolean {
  const words = wordsOf(snippet);
  if (words.length === 0) return true;
  const shown = words.filter((w) => shownWords.has(w)).length;
  return shown / words.length >= 0.8;
}

function propertyLines(object: JsonObject): string[] {
  const properties = object['additionalProperty'];
  const list = Array.isArray(properties) ? properties : properties === undefined ? [] : [properties];
  const lines: string[] = [];
  for (const property of list) {
    if (property === null || typeof property !== 'object' || Array.isArray(property)) continue;
    const name = plainStructuredText(property['name']);
    const value = plainStructuredText(property['value']) ?? plainStructuredText(property['valueReference']);
    if (name && value) lines.push(`${name}: ${value}`);
  }
  return lines;
}

/**
 * Product facts that only the page's JSON-LD states (shops often render descriptions and
 * specifications with scripts): returned as blocks to append after the extracted content,
 * leaving out whatever the content already shows.
 */
export function productFactsFromJsonLd(jsonLd: readonly JsonObject[], contentText: string): Block[] {
  const shownWords = new Set(wordsOf(contentText));
  const blocks: Block[] = [];
  const seen = new Set<string>();
  for (const object of jsonLd) {
    if (!isProduct(object)) continue;
    const description = plainStructuredText(object['description']);
    if (description && !seen.has(description) && !alreadyShown(description, shownWords)) {
      seen.add(description);
      blocks.push({ type: 'paragraph', content: [{ type: 'text', text: description }] });
      for (const word of wordsOf(description)) shownWords.add(word);
    }
    const lines = propertyLines(object).filter((line) => !seen.has(line) && !alreadyShown(line, shownWords));
    if (lines.length > 0) {
      for (const line of lines) seen.add(line);
      blocks.push({ type: 'list', ordered: false, start: 1, items: lines.map((line) => [{ type: 'paragraph', content: [{ type: 'text', text: line }] }]) });
    }
  }
  return blocks;
}
