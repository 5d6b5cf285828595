import { type ElementNode, alikeKey, elementChildren, isDescendantOf, removeNode, textContent } from './dom.js';
import { type Fingerprint, fingerprintKey } from './repeated-blocks.js';

/** Alike siblings (same tag and class attribute, none counting as one) this many make a run of items: cards of a grid, rows of a list. */
const MIN_ITEMS = 3;
/** Shorter texts (a size, a currency sign) may well repeat inside one card. */
const MIN_CHARACTERS = 8;

/** A price alone ("$19.99", "15,00 €") is short but says the same thing twice when a card repeats it. */
const PRICE = /^\s*(?:[$€£¥]\s?\d[\d,.]*|\d[\d,.]*\s?[$€£¥])\s*$/u;

/** The element's own text, without its children's: the price's innermost box is compared, and the check stays linear. */
function ownText(element: ElementNode): string {
  let text = '';
  for (const child of element.children) if (child.kind === 'text') text += child.value;
  return text;
}

/** Whether a block's text is long enough to compare, or a price. */
function isCompared(block: ElementNode, print: Fingerprint): boolean {
  return print.characters >= MIN_CHARACTERS || (print.characters > 0 && PRICE.test(ownText(block)));
}

/** Sentences shown twice in one box (a teaser and its expanded text) are kept as the page shows them; labels, titles and prices go. */
const MIN_SENTENCE_CHARACTERS = 40;

function isSentence(block: ElementNode, print: Fingerprint): boolean {
  return print.characters >= MIN_SENTENCE_CHARACTERS && /[.!?]["'”’)]*\s*$/.test(textContent(block));
}

/** Keys of the children that repeat often enough to be items of a run. */
function runKeys(children: readonly ElementNode[]): Set<string> {
  const counts = new Map<string, number>();
  const runs = new Set<string>();
  for (const child of children) {
    const key = alikeKey(child);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count >= MIN_ITEMS) runs.add(key);
  }
  return runs;
}

/** Within one item, every later copy of a block of text the item already showed goes. */
function removeCopiesWithin(item: ElementNode, table: Map<ElementNode, Fingerprint>): number {
  let removed = 0;
  const first = new Map<string, ElementNode>();
  const visit = (element: ElementNode): void => {
    const children = elementChildren(element);
    const runs = runKeys(children);
    for (const child of children) {
      // Items of a run nested in this one (the workouts of a programme card) are compared each within itself.
      if (runs.has(alikeKey(child))) continue;
      const print = table.get(child);
      if (!print || !isCompared(child, print)) {
        visit(child);
        continue;
      }
      const key = fingerprintKey(print);
      const earlier = first.get(key);
      // A wrapper and the block it wraps share their text: that is one copy, not two.
      if (earlier && !isDescendantOf(child, earlier) && !isSentence(child, print)) {
        removeNode(child);
        removed++;
      } else {
        if (!earlier) first.set(key, child);
        visit(child);
      }
    }
  };
  visit(item);
  return removed;
}

/**
 * Cards of a listing show their title twice (on the photo's link and under it) and their
 * price once per layout: readers see each once. In every run of alike items, a block of
 * text repeated inside the same item keeps only its first copy; text repeated across items
 * (the same label on every card) is left alone. Returns how many blocks went (the
 * fingerprints of their ancestors are then out of date).
 */
export function removeRepeatsWithinItems(root: ElementNode, table: Map<ElementNode, Fingerprint>): number {
  let removed = 0;
  const visit = (element: ElementNode): void => {
    const children = elementChildren(element);
    const runs = runKeys(children);
    for (const child of children) {
      if (runs.has(alikeKey(child))) removed += removeCopiesWithin(child, table);
      visit(child);
    }
  };
  visit(root);
  return removed;
}
