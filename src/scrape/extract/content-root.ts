import { classifyMarkup } from './boilerplate.js';
import { type ElementNode, alikeKey, elementChildren, itemKey } from './dom.js';
import { isLayoutTableElement } from './tables.js';
import { type StatsTable, type TextStats, contentAmount, linkDensity, statsOf, substantialText, weightedProse } from './text-stats.js';

/** Generic containers the walk may enter; lists, tables, quotes and paragraphs are content units whose structure must stay whole. */
const CONTAINER_TAGS = new Set([
  '#root',
  'html',
  'body',
  'div',
  'section',
  'article',
  'main',
  'form',
  'center',
  'span',
  'font',
  'header',
  'aside',
  'noscript',
  'details',
  'figure',
  'dialog',
]);
const TABLE_PARTS = new Set(['tbody', 'thead', 'tfoot', 'tr', 'td', 'th']);

function canHoldContentRoot(element: ElementNode): boolean {
  if (CONTAINER_TAGS.has(element.tag) || element.tag.includes('-')) return true;
  if (element.tag === 'table') return isLayoutTableElement(element);
  // Inside a layout table the walk may go on through rows and cells.
  if (TABLE_PARTS.has(element.tag)) {
    let table = element.parent;
    while (table && table.tag !== 'table') table = table.parent;
    return table !== null && isLayoutTableElement(table);
  }
  return false;
}

export interface DescentThresholds {
  /** Share of the prose a child must hold for the walk to enter it. */
  proseShare: number;
  /** Same, in readable text, on pages with too little prose to judge by (listings, shops). */
  readableShare: number;
  /** Below this much prose (characters) a node is judged by readable text instead. */
  minProse: number;
  /** Share of the node's substantial text the child must also hold when the walk goes by prose. */
  textShare: number;
  /** Share of the node's whole text (links included) the child must also hold when the walk goes by readable text. */
  readableTextShare: number;
  /** Whether the walk stops above one item of a run of alike siblings (not on articles, whose sections repeat too). */
  stopAtRepeatedItems: boolean;
}

export const DEFAULT_DESCENT: DescentThresholds = {
  proseShare: 0.85,
  readableShare: 0.7,
  minProse: 400,
  textShare: 0.1,
  readableTextShare: 0.4,
  stopAtRepeatedItems: true,
};

/**
 * Walks down from `start` while a single child holds most of the prose (or, on pages with
 * little prose, of the readable text): the node where the text spreads over several children
 * is the content container (an article body, a list of cards, a thread of posts).
 */
export function descendToContent(start: ElementNode, table: StatsTable, thresholds: DescentThresholds = DEFAULT_DESCENT): ElementNode {
  let node = start;
  for (;;) {
    const stats = statsOf(table, node);
    const byProse = stats.prose >= thresholds.minProse;
    const measure = (s: TextStats): number => (byProse ? weightedProse(s) : substantialText(s));
    let total = 0;
    let best: ElementNode | undefined;
    let bestAmount = -1;
    for (const child of elementChildren(node)) {
      const amount = measure(statsOf(table, child));
      total += amount;
      if (amount > bestAmount) {
        best = child;
        bestAmount = amount;
      }
    }
    const share = byProse ? thresholds.proseShare : thresholds.readableShare;
    if (!best || total === 0 || bestAmount < total * share || !canHoldContentRoot(best)) return node;
    // Prose can sit in a short blurb beside what the page really lists (a grid of products or
    // links with little prose): the walk does not leave most of the node's text behind.
    if (byProse && substantialText(statsOf(table, best)) < substantialText(stats) * thresholds.textShare) return node;
    // Readable text leaves short links out (menus, tags), but on a page without prose a list of
    // short links can be what the page lists (categories A to Z): a child holding less than
    // this share of all the node's text is a caption or title beside it, not the content.
    if (!byProse && statsOf(table, best).text < stats.text * thresholds.readableTextShare) return node;
    // One item of a run of alike siblings (posts of a thread, cards of a listing) is not the content: the run is.
    if (thresholds.stopAtRepeatedItems && isOneOfRepeatedItems(best, table)) return node;
    node = best;
  }
}

/** Items of a thread or listing repeat their markup: this many alike siblings with text make a run. */
const MIN_REPEATED_ITEMS = 3;

/** The item key of a classed element: unclassed boxes are wrappers, not items. */
function itemSignature(element: ElementNode): string | undefined {
  return (element.attrs['class'] ?? '').trim() === '' ? undefined : itemKey(element);
}

function isOneOfRepeatedItems(element: ElementNode, table: StatsTable): boolean {
  const signature = itemSignature(element);
  if (signature === undefined || !element.parent) return false;
  let alike = 0;
  for (const sibling of elementChildren(element.parent)) {
    if (statsOf(table, sibling).text > 0 && itemSignature(sibling) === signature) alike++;
  }
  return alike >= MIN_REPEATED_ITEMS;
}

/** Siblings of the content with this much link text are boxes of links, not more content. */
const MAX_SIBLING_LINK_DENSITY = 0.3;
const MIN_SIBLING_TEXT = 25;

/**
 * A sibling with more link text still reads as content when it holds a run of alike items
 * (a grid of cards whose titles link, with prices or blurbs beside them): what the page lists.
 */
const MAX_LISTED_SIBLING_LINK_DENSITY = 0.5;
/** How far below the sibling such a run may sit (wrappers around the grid). */
const LISTED_RUN_DEPTH = 3;

/** Whether the element, or a box at most a few levels below it, holds a run of alike items with text (cards of a grid). */
function holdsRun(element: ElementNode, table: StatsTable, depth: number): boolean {
  const counts = new Map<string, number>();
  for (const child of elementChildren(element)) {
    if (statsOf(table, child).text === 0) continue;
    const key = alikeKey(child);
    const count = (counts.get(key) ?? 0) + 1;
    if (count >= MIN_REPEATED_ITEMS) return true;
    counts.set(key, count);
  }
  if (depth === 0) return false;
  const total = statsOf(table, element).text;
  // Only the box holding most of the element's text is searched: the walk stays linear.
  for (const child of elementChildren(element)) if (statsOf(table, child).text * 2 > total) return holdsRun(child, table, depth - 1);
  return false;
}

function isContentSibling(element: ElementNode, stats: TextStats, table: StatsTable, listed: boolean): boolean {
  if (element.tag === 'h1' || classifyMarkup(element) !== undefined) return false;
  if (stats.text < MIN_SIBLING_TEXT) return false;
  const density = linkDensity(stats);
  if (density <= MAX_SIBLING_LINK_DENSITY) return true;
  return listed && density <= MAX_LISTED_SIBLING_LINK_DENSITY && holdsRun(element, table, LISTED_RUN_DEPTH);
}

/**
 * The walk stops at the container holding most of the prose, which can leave out an
 * introduction or a table set beside it. When the container's siblings read as content
 * (enough text, few links; off articles, also a grid of linked cards), the parent becomes the
 * root and the other siblings are dropped.
 */
export function widenToContentSiblings(content: ElementNode, table: StatsTable, stop: ElementNode, listed = true): ElementNode {
  const parent = content.parent;
  if (!parent || content === stop || !canHoldContentRoot(parent)) return content;
  const siblings = elementChildren(parent).filter((child) => child !== content);
  const kept = new Set(siblings.filter((child) => isContentSibling(child, statsOf(table, child), table, listed)));
  if (kept.size === 0) return content;
  parent.children = parent.children.filter((child) => child.kind === 'text' || child === content || kept.has(child));
  return parent;
}

/** A declared container must hold at least this share of the page's prose to be trusted. */
const MIN_DECLARED_SHARE = 0.3;

function outermost(root: ElementNode, predicate: (element: ElementNode) => boolean): ElementNode[] {
  const found: ElementNode[] = [];
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      if (predicate(child)) found.push(child);
      else visit(child);
    }
  };
  visit(root);
  return found;
}

function amountOf(table: StatsTable, element: ElementNode): number {
  return contentAmount(statsOf(table, element));
}

/**
 * Off articles, a single `<article>` must also hold this share of its container's text, linked
 * cards included: a shop wraps its category's blurb in an `<article>` beside the grid of
 * products it lists, which holds no prose but most of the text.
 */
const MIN_LISTED_ARTICLE_SHARE = 0.4;

function holdsListedText(article: ElementNode, container: ElementNode, table: StatsTable): boolean {
  return substantialText(statsOf(table, article)) >= substantialText(statsOf(table, container)) * MIN_LISTED_ARTICLE_SHARE;
}

/**
 * Where the page itself says its content is: an `itemprop=articleBody` element, else the
 * `<main>` element (or `role=main`) and within it a single `<article>` — when they hold a
 * fair share of the page's prose (sites also put `<main>` around a hero banner, or mark
 * every teaser as an article) and, off articles (`listed`), of its text.
 */
export function declaredContentRoot(root: ElementNode, table: StatsTable, listed = false): ElementNode {
  let start = root;
  const pageAmount = amountOf(table, root);
  // schema.org's articleBody names the story itself, more precisely than <main> or <article>.
  const bodies = outermost(root, (e) => (e.attrs['itemprop'] ?? '').split(/\s+/).includes('articleBody'));
  const body = bodies.sort((a, b) => amountOf(table, b) - amountOf(table, a))[0];
  if (body && canHoldContentRoot(body) && amountOf(table, body) >= pageAmount * MIN_DECLARED_SHARE) return body;
  const mains = outermost(root, (e) => e.tag === 'main' || e.attrs['role'] === 'main');
  const main = mains.sort((a, b) => amountOf(table, b) - amountOf(table, a))[0];
  if (main && amountOf(table, main) >= pageAmount * MIN_DECLARED_SHARE) start = main;
  const articles = outermost(start, (e) => e.tag === 'article');
  const [article] = articles;
  if (articles.length === 1 && article && amountOf(table, article) >= amountOf(table, start) * 0.5 && (!listed || holdsListedText(article, start, table)))
    start = article;
  return start;
}
