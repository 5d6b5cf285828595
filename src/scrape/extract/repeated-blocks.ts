import { type ElementNode, elementChildren, isDescendantOf, removeNode } from './dom.js';

/**
 * Blocks shorter than this (visible characters) may repeat: labels, prices, "Add to cart",
 * the same answer in two table cells. Longer ones repeat only when the page holds two copies.
 */
const MIN_REPEATED_CHARACTERS = 80;
/**
 * On a product page the copies for narrow and wide screens are short: title, price, rating,
 * SKU. Shorter blocks than this are single labels ("In stock", a size) and may repeat.
 */
export const MIN_REPEATED_PRODUCT_CHARACTERS = 20;
/**
 * On a product page a section this long (a feature blurb with its heading) shown three times
 * or more is one section laid out for phone, tablet and desktop, not a card's repeated blurb:
 * a product's page has no grid of its own. Shorter text (a badge, "In stock") may repeat.
 */
export const MIN_MULTIPLIED_PRODUCT_CHARACTERS = 80;

/**
 * On any page, a block this long shown three times or more is one passage laid out again (for
 * each screen size, or a post's full text under every teaser of it), not a card's repeated
 * blurb, which runs to a sentence or two.
 */
export const MIN_MULTIPLIED_CHARACTERS = 1000;

/** What an element's text is, as a sequence of words: equal fingerprints mean equal text. */
export interface Fingerprint {
  hash: number;
  words: number;
  characters: number;
}

const WORD_BASE = 0x01000193;

function power(exponent: number): number {
  let result = 1;
  let base = WORD_BASE;
  for (let e = exponent; e > 0; e >>>= 1) {
    if (e & 1) result = Math.imul(result, base);
    base = Math.imul(base, base);
  }
  return result;
}

function wordHash(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}

/** A fingerprint as a map key: equal keys mean equal text. */
export function fingerprintKey(print: Fingerprint): string {
  return `${print.hash}:${print.words}:${print.characters}`;
}

function textFingerprint(text: string): Fingerprint {
  const print: Fingerprint = { hash: 0, words: 0, characters: 0 };
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    const space = code <= 32 || code === 160;
    if (!space && start < 0) start = i;
    else if (space && start >= 0) {
      print.hash = (Math.imul(print.hash, WORD_BASE) + wordHash(text, start, i)) | 0;
      print.words++;
      print.characters += i - start;
      start = -1;
    }
  }
  return print;
}

/** The fingerprint of a sequence of texts from the fingerprints of its parts, so one pass covers every element. */
function append(into: Fingerprint, next: Fingerprint): void {
  into.hash = (Math.imul(into.hash, power(next.words)) + next.hash) | 0;
  into.words += next.words;
  into.characters += next.characters;
}

export function fingerprints(root: ElementNode): Map<ElementNode, Fingerprint> {
  const table = new Map<ElementNode, Fingerprint>();
  const visit = (element: ElementNode): Fingerprint => {
    const print: Fingerprint = { hash: 0, words: 0, characters: 0 };
    for (const child of element.children) append(print, child.kind === 'text' ? textFingerprint(child.value) : visit(child));
    table.set(element, print);
    return print;
  };
  visit(root);
  return table;
}

interface Copies {
  first: ElementNode;
  later: ElementNode[];
}

/** Every block of text long enough to compare below `root`, with where it occurs again. */
function copiesOfBlocks(root: ElementNode, table: Map<ElementNode, Fingerprint>, minCharacters: number): Map<string, Copies> {
  const blocks = new Map<string, Copies>();
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      const print = table.get(child);
      if (!print || print.characters < minCharacters) continue;
      const key = fingerprintKey(print);
      const copies = blocks.get(key);
      // A wrapper and its only child share their text: that is one copy, not two.
      if (copies && !isDescendantOf(child, copies.first)) {
        copies.later.push(child);
        continue;
      }
      if (!copies) blocks.set(key, { first: child, later: [] });
      visit(child);
    }
  };
  visit(root);
  return blocks;
}

export interface RepeatedBlockOptions {
  readonly minCharacters?: number;
  readonly everyCopyFrom?: number;
  readonly table?: Map<ElementNode, Fingerprint>;
}

/**
 * Removes the second copy of a block of text shown earlier in the content. Shops and landing
 * pages render the same title, price and description twice (one copy for narrow screens, one
 * for wide ones, switched by CSS the extractor cannot see), and forum replies quote whole
 * posts; readers see the text once. Text that occurs three times or more is a repeated item
 * (the same blurb on every card, a credit under every photo) and stays, unless it is at least
 * `everyCopyFrom` characters long. `minCharacters` is lower on product pages, whose doubled
 * summary is a few short fields. `table` holds the fingerprints of the elements below `root`
 * when they were already computed.
 */
export function removeRepeatedBlocks(
  root: ElementNode,
  { minCharacters = MIN_REPEATED_CHARACTERS, everyCopyFrom = Number.POSITIVE_INFINITY, table = fingerprints(root) }: RepeatedBlockOptions = {},
): void {
  for (const { first, later } of copiesOfBlocks(root, table, minCharacters).values()) {
    const [copy] = later;
    if (copy && later.length === 1) removeNode(copy);
    else if (later.length > 1 && (table.get(first)?.characters ?? 0) >= everyCopyFrom) for (const node of later) removeNode(node);
  }
}
