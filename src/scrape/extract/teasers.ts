import { type ElementNode, elementChildren, removeNode } from './dom.js';
import { type StatsTable, statsOf } from './text-stats.js';

/** A teaser is an excerpt, not a story: longer blocks ending in an ellipsis are the content itself. */
const MAX_TEASER_TEXT = 1000;
/** Teasers come in runs (a ticker, "more stories"); one trailing ellipsis is just how a sentence ends. */
const MIN_TEASERS = 3;
/** Elements looked at from the end of a block for its last text: the bound keeps nested hostile pages linear. */
const MAX_TRAILING_ELEMENTS = 50;

/** The last visible text below `element`, trimmed; empty when there is none within `budget` elements. */
function trailingText(element: ElementNode, budget: { elements: number }): string {
  for (let i = element.children.length - 1; i >= 0; i--) {
    const child = element.children[i];
    if (child?.kind === 'text') {
      const text = child.value.trim();
      if (text !== '') return text;
    } else if (child) {
      if (--budget.elements < 0) return '';
      const text = trailingText(child, budget);
      if (text !== '') return text;
    }
  }
  return '';
}

function isTruncatedExcerpt(element: ElementNode, table: StatsTable): boolean {
  const { text } = statsOf(table, element);
  if (text === 0 || text > MAX_TEASER_TEXT) return false;
  const last = trailingText(element, { elements: MAX_TRAILING_ELEMENTS });
  return last.endsWith('...') || last.endsWith('…');
}

/** The items of runs of truncated excerpts below `root`. */
function teasersBelow(root: ElementNode, table: StatsTable): ElementNode[] {
  const found: ElementNode[] = [];
  const visit = (element: ElementNode): void => {
    const items = elementChildren(element).filter((child) => statsOf(table, child).text > 0);
    const teasers = items.filter((child) => isTruncatedExcerpt(child, table));
    // In a run of teasers every item is cut off but for the story they may sit beside; a
    // listing mixes excerpts that fit whole with ones that do not.
    const isRun = teasers.length >= MIN_TEASERS && teasers.length >= items.length - 1;
    if (isRun) found.push(...teasers);
    for (const child of items) if (!isRun || !teasers.includes(child)) visit(child);
  };
  visit(root);
  return found;
}

/**
 * Under an article, runs of excerpts cut off with an ellipsis are teasers for other stories
 * (a news ticker above the story, "more posts" below it), not the story: they go when a story
 * longer than any of them remains. A blog's index declared as an article is made of such
 * excerpts and nothing longer, and keeps them.
 */
export function removeTeaserRuns(root: ElementNode, table: StatsTable): void {
  const teasers = teasersBelow(root, table);
  let teaserProse = 0;
  let longestTeaser = 0;
  for (const teaser of teasers) {
    teaserProse += statsOf(table, teaser).prose;
    longestTeaser = Math.max(longestTeaser, statsOf(table, teaser).text);
  }
  if (statsOf(table, root).prose - teaserProse <= longestTeaser) return;
  for (const teaser of teasers) removeNode(teaser);
}
