import { classWords } from './class-words.js';
import { type ElementNode, elementChildren, itemKey, removeNode } from './dom.js';
import { type StatsTable, statsOf } from './text-stats.js';

/** Class words naming the box about a page's author: a byline, or a bio with photo and links to other posts. */
const AUTHOR_WORDS = new Set(['author', 'authors']);
/** A bio runs to a few paragraphs (who, what they write about, their other posts); longer blocks are the text itself. */
const MAX_AUTHOR_BOX_TEXT = 1500;
/** Alike siblings this many make a run of listed items (posts, cards). */
const MIN_RUN_ITEMS = 3;
/**
 * Levels looked at above an author-named box for a listed item: a card keeps its byline a
 * level or two down (card › body › authors), a forum post its poster's box further down.
 */
const CARD_LEVELS = 3;

function isAuthorNamed(element: ElementNode): boolean {
  const { attrs } = element;
  if ((attrs['itemprop'] ?? '').split(/\s+/).includes('author')) return true;
  // Splitting every class into words is the costly part: most elements never mention an author.
  if (!`${attrs['class'] ?? ''} ${attrs['id'] ?? ''}`.toLowerCase().includes('author')) return false;
  return classWords(element).some((word) => AUTHOR_WORDS.has(word));
}

/** How many children of each parent share each signature, grouped once per parent on demand. */
type SignatureCounts = Map<ElementNode, Map<string, number>>;

function isListedItem(element: ElementNode, counts: SignatureCounts): boolean {
  const parent = element.parent;
  if (!parent) return false;
  let groups = counts.get(parent);
  if (!groups) {
    groups = new Map();
    for (const child of elementChildren(parent)) {
      const signature = itemKey(child);
      groups.set(signature, (groups.get(signature) ?? 0) + 1);
    }
    counts.set(parent, groups);
  }
  return (groups.get(itemKey(element)) ?? 0) >= MIN_RUN_ITEMS;
}

/** Whether `element` or its box a level or two up, below `root`, is one of a run of alike items. */
function isInListedItem(element: ElementNode, root: ElementNode, counts: SignatureCounts): boolean {
  let level: ElementNode | null = element;
  for (let i = 0; i < CARD_LEVELS && level && level !== root; i++, level = level.parent) if (isListedItem(level, counts)) return true;
  return false;
}

/**
 * The box about the author (a byline, a bio with photo and "view all posts") is about who
 * wrote the page, not what it says: it goes when its markup names it so. Not when it is one
 * of a listing's posts (blogs class every post `author-<name>`) or the byline of one of its
 * cards, which is part of what the listing lists.
 */
export function removeAuthorBoxes(root: ElementNode, table: StatsTable): void {
  const counts: SignatureCounts = new Map();
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      if (statsOf(table, child).text <= MAX_AUTHOR_BOX_TEXT && isAuthorNamed(child) && !isInListedItem(child, root, counts)) removeNode(child);
      else visit(child);
    }
  };
  visit(root);
}
