import { classWords } from './class-words.js';
import { type ElementNode, elementChildren, removeNode } from './dom.js';
import { type StatsTable, statsOf } from './text-stats.js';

/** Class and id words of a page's disclaimers: legal small print about the page, not its subject. */
const DISCLAIMER_WORDS = new Set(['disclaimer', 'disclaimers']);
/** A box this large a share of the content is the content itself (a page of terms), whatever its name says. */
const MAX_DISCLAIMER_SHARE = 0.5;

/**
 * Boxes named as disclaimers (`product-disclaimer`, `affiliate-disclaimer`, `disclaimer-text`)
 * hold the small print a site sets around its content — prices may vary, images are
 * illustrative, links earn a commission, this is not advice — not what the page presents.
 * One walk, stopping at the first named box on each branch.
 */
export function removeDisclaimers(root: ElementNode, table: StatsTable): void {
  const limit = statsOf(table, root).text * MAX_DISCLAIMER_SHARE;
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      if (statsOf(table, child).text < limit && classWords(child).some((word) => DISCLAIMER_WORDS.has(word))) removeNode(child);
      else visit(child);
    }
  };
  visit(root);
}
