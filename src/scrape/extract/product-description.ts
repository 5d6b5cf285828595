import type { ElementNode } from './dom.js';
import { plainStructuredText } from './json-ld-content.js';
import type { JsonObject, JsonValue, MicrodataItem } from './types.js';

const PRODUCT_TYPE = /^(Product|ProductGroup|IndividualProduct|ProductModel)$/;
/** A description this long names the product's own text, not a one-line tagline shared with cards. */
const MIN_DESCRIPTION_WORDS = 30;
/** Share of the description's words a box must show to be the box that shows it. */
const MIN_DESCRIPTION_RECALL = 0.8;
/** Share of the content's words the description's box must hold to stand for the content. */
const MIN_BOX_SHARE = 0.45;
/** Words the content must hold besides the box: below this, the rest is a title and a price worth keeping. */
const MIN_OTHER_WORDS = 60;
/** Words shorter than this (articles, prepositions) occur anywhere and say nothing about where the description is. */
const MIN_WORD_LENGTH = 4;
const WORD = /[\p{L}\p{N}]+/gu;

function typeNames(type: JsonValue | undefined): string[] {
  const list = Array.isArray(type) ? type : [type];
  return list.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/#]/, ''));
}

function microdataDescription(items: readonly MicrodataItem[], depth = 0): string | undefined {
  for (const item of items) {
    if (item.type.some((t) => PRODUCT_TYPE.test(t.replace(/^.*[/#]/, '')))) {
      const description = plainStructuredText(item.properties['description']?.find((value) => typeof value === 'string'));
      if (description !== undefined) return description;
    }
    if (depth < 2) {
      const nested = Object.values(item.properties).flatMap((values) => values.filter((value): value is MicrodataItem => typeof value !== 'string'));
      const found = microdataDescription(nested, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The product's description as its structured data states it (JSON-LD first, then microdata). */
export function productDescription(jsonLd: readonly JsonObject[], microdata: readonly MicrodataItem[]): string | undefined {
  for (const object of jsonLd) {
    if (!typeNames(object['@type']).some((t) => PRODUCT_TYPE.test(t))) continue;
    const description = plainStructuredText(object['description']);
    if (description !== undefined) return description;
  }
  return microdataDescription(microdata);
}

function significantWords(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).filter((word) => word.length >= MIN_WORD_LENGTH);
}

interface Tally {
  /** Words below the element. */
  words: number;
  /** Of them, significant words of the description. */
  matched: number;
}

/**
 * On a product page the content root holds the product's box (gallery, price, options,
 * delivery terms) and its description. When the page's structured data states a description
 * of some length, and the smallest box showing it holds nearly half the content with a buy box
 * of some size beside it, the description's box is the content: what the page says about the
 * product rather than how to buy it. One bottom-up pass, linear in the tree.
 */
export function narrowToProductDescription(content: ElementNode, description: string | undefined): ElementNode {
  if (description === undefined) return content;
  const vocabulary = new Set(significantWords(description));
  const needed = significantWords(description).length * MIN_DESCRIPTION_RECALL;
  if ((description.match(WORD) ?? []).length < MIN_DESCRIPTION_WORDS || needed === 0) return content;
  const tallies = new Map<ElementNode, Tally>();
  let box: ElementNode | undefined;
  let boxWords = Number.POSITIVE_INFINITY;
  // Post-order without recursion: deep pages must not exhaust the stack.
  const pending: Array<{ element: ElementNode; expanded: boolean }> = [{ element: content, expanded: false }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { element } = next;
    if (!next.expanded) {
      pending.push({ element, expanded: true });
      for (const child of element.children) if (child.kind === 'element') pending.push({ element: child, expanded: false });
      continue;
    }
    const tally: Tally = { words: 0, matched: 0 };
    for (const child of element.children) {
      if (child.kind === 'text') {
        for (const word of child.value.toLowerCase().match(WORD) ?? []) {
          tally.words++;
          if (word.length >= MIN_WORD_LENGTH && vocabulary.has(word)) tally.matched++;
        }
      } else {
        const below = tallies.get(child);
        if (below) {
          tally.words += below.words;
          tally.matched += below.matched;
        }
      }
    }
    tallies.set(element, tally);
    if (tally.matched >= needed && tally.words < boxWords) {
      box = element;
      boxWords = tally.words;
    }
  }
  const total = tallies.get(content)?.words ?? 0;
  if (!box || box === content || boxWords < total * MIN_BOX_SHARE || total - boxWords < MIN_OTHER_WORDS) return content;
  return box;
}
