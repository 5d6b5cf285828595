import { type ElementNode, elementChildren, removeNode } from './dom.js';
import type { PageKind } from './page-kind.js';
import { type StatsTable, statsOf } from './text-stats.js';

/** A price as shops print it: a currency sign or code next to an amount. */
const PRICE = /(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CAD|AUD|CHF|kr|zł)\b)\s?\d|\d(?:[.,]\d{2})?\s?(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CAD|AUD|CHF|kr|zł)\b)/;
/** A product card is short: a name, a price, a rating, a badge. */
const MAX_CARD_TEXT = 400;
const MIN_CARDS = 3;
/** Share of a container's children that must be cards for it to be a grid of them. */
const MIN_CARD_SHARE = 0.6;
/** A grid holding this share of the page's text is what the page lists, not a box beside it. */
const MAX_GRID_SHARE = 0.5;

function isProductCard(element: ElementNode, table: StatsTable): boolean {
  const stats = statsOf(table, element);
  if (stats.links === 0 || stats.text === 0 || stats.text > MAX_CARD_TEXT) return false;
  return PRICE.test(cardText(element));
}

/** Elements of a card read for its price: cards are small, and the bound keeps nested hostile pages linear. */
const MAX_CARD_ELEMENTS = 200;

function cardText(card: ElementNode): string {
  let text = '';
  let elements = 0;
  const pending: ElementNode[] = [card];
  for (let next = pending.pop(); next !== undefined && ++elements <= MAX_CARD_ELEMENTS; next = pending.pop()) {
    for (let i = next.children.length - 1; i >= 0; i--) {
      const child = next.children[i];
      if (child?.kind === 'element') pending.push(child);
      else if (child) text = `${child.value} ${text}`;
    }
  }
  return text;
}

/** Whether most of the element's children are product cards (a link, a price, little else). */
function isProductGrid(element: ElementNode, table: StatsTable): boolean {
  const children = elementChildren(element).filter((child) => statsOf(table, child).text > 0);
  if (children.length < MIN_CARDS) return false;
  let cards = 0;
  for (const child of children) if (isProductCard(child, table)) cards++;
  return cards >= MIN_CARDS && cards >= children.length * MIN_CARD_SHARE;
}

/**
 * On a product page, rows of other products' cards ("customers also viewed", "similar
 * items", "you may also like") are advertising for other pages: each card is short, links
 * away and shows a price. The product's own page has one price and no such rows.
 */
export function removeProductGrids(root: ElementNode, table: StatsTable, kind: PageKind): void {
  if (kind !== 'product') return;
  const limit = statsOf(table, root).text * MAX_GRID_SHARE;
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      const stats = statsOf(table, child);
      if (stats.links >= MIN_CARDS && stats.text < limit && isProductGrid(child, table)) removeNode(child);
      else visit(child);
    }
  };
  visit(root);
}
