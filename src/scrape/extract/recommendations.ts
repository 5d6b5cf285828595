import { type ElementNode, elementChildren, removeNode, textContent } from './dom.js';
import type { PageKind } from './page-kind.js';
import { type StatsTable, statsOf } from './text-stats.js';

/**
 * Headings shops put over other products: "You may also like", "Customers who viewed this
 * item also viewed", "Similar items", "Frequently bought together", "Recently viewed".
 * They name a relation to *other* items, which a product's own description never does.
 */
const RECOMMENDATION_HEADING =
  /\b(?:you (?:may|might|will|'ll|’ll) (?:also )?(?:like|love|enjoy|need)|also (?:viewed|bought|purchased|liked|like)|(?:similar|related|recommended|suggested|sponsored) (?:items?|products?|models?)|related items? to explore|explore related|recently viewed|frequently bought|bought together|complete the look|shop the look|pairs? (?:well|perfectly) with|goes? (?:well|great) with|recommended for you|customers (?:who|also)|others like you|more from (?:this|the) (?:seller|brand|series|collection|range)|seller'?s other items|more like this|you might be interested|people also (?:viewed|bought|searched)|consider these|add the essentials|(?:choose|add) (?:your )?add-ons|complete your (?:set|kit|look)|compare (?:similar|with similar)|shop similar|other sellers)\b/i;
/**
 * The phrases no page titles its own content with (items others viewed or bought, related
 * posts, what to read next): on pages not declared as products or articles only these count
 * ("Related products" on a service's page names its own suite, "Latest posts" a blog's index).
 */
const UNAMBIGUOUS_RECOMMENDATION_HEADING =
  /\b(?:(?:also|who) (?:viewed|bought|purchased)|frequently bought|bought together|recently viewed|similar items|more like this|you (?:may|might) also like|related (?:posts?|articles?|stories)|read next|recommended (?:reading|articles?|stories|posts?))\b/i;
/** Under an article, the boxes of other stories: its own text never titles a section so. */
const STORY_RECOMMENDATION_HEADING =
  /\b(?:related (?:posts?|articles?|stories|reading|content)|read next|(?:more|other) (?:stories|articles|posts) (?:from|by|on|about|like)|recommended (?:reading|articles?|stories|posts?|for you)|popular (?:posts|articles|stories)|trending (?:now|stories|articles)|(?:latest|recent) (?:posts|articles|stories)|you (?:may|might) also (?:like|enjoy))\b/i;
/** A heading is a line, not a paragraph that happens to use the words. */
const MAX_HEADING_TEXT = 100;
/** Words a title may put before the phrase ("People who viewed this item also viewed"). */
const MAX_LEAD_IN = 30;
/** A box this large a share of the content is the content itself, whatever its heading says. */
const MAX_SECTION_SHARE = 0.5;

/** Titles handled per page: pages have a few shelves, and the bound keeps hostile pages (thousands of alike titles) linear. */
const MAX_TITLES = 64;

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function isHeading(element: ElementNode): boolean {
  return HEADING_TAGS.has(element.tag) || (element.attrs['role'] ?? '').toLowerCase() === 'heading';
}

function headingRank(element: ElementNode): number {
  const level = /^h([1-6])$/.exec(element.tag)?.[1] ?? element.attrs['aria-level'] ?? '2';
  return Number.parseInt(level, 10) || 2;
}

/**
 * A heading, or a short line without links standing as one (shops caption their carousels
 * with `<p>` and `<span>` as often as with `<h2>`): it opens with the words and is no
 * sentence, so "Pairs well with cheese." in a description is not taken for one.
 */
function isRecommendationTitle(element: ElementNode, table: StatsTable, phrases: RegExp): boolean {
  const stats = statsOf(table, element);
  if (stats.text === 0 || stats.text > MAX_HEADING_TEXT || stats.links > 0 || element.tag === 'a') return false;
  const text = textContent(element).trim();
  const match = phrases.exec(text);
  return match !== null && match.index <= MAX_LEAD_IN && !/[.!]$/.test(text);
}

/** Whether `child` holds the first text of `parent`: nothing with text comes before it. */
function opens(parent: ElementNode, child: ElementNode, table: StatsTable): boolean {
  for (const node of parent.children) {
    if (node === child) return true;
    if (node.kind === 'text' ? node.value.trim() !== '' : statsOf(table, node).text > 0) return false;
  }
  return false;
}

/** Every element holding an `h1` (the page's headline): one climb per headline, stopping where chains meet. */
function headlineHolders(root: ElementNode): Set<ElementNode> {
  const holders = new Set<ElementNode>();
  const pending = [root];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.tag === 'h1') for (let p: ElementNode | null = next; p && !holders.has(p); p = p.parent) holders.add(p);
    pending.push(...elementChildren(next));
  }
  return holders;
}

/**
 * The box a recommendation heading opens: the largest ancestor it is the first text of,
 * below the content root, short of half the content and not holding the page's headline.
 */
function sectionOf(heading: ElementNode, root: ElementNode, table: StatsTable, limit: number, holders: Set<ElementNode>): ElementNode {
  let section = heading;
  for (let parent = section.parent; parent && parent !== root; parent = parent.parent) {
    if (!opens(parent, section, table) || statsOf(table, parent).text > limit || holders.has(parent)) break;
    section = parent;
  }
  return section;
}

/** A heading alone among its siblings: its section runs to the next heading of its rank or above. */
function removeFlatSection(heading: ElementNode): void {
  const parent = heading.parent;
  if (!parent) return;
  const rank = headingRank(heading);
  const start = parent.children.indexOf(heading);
  let end = start + 1;
  for (; end < parent.children.length; end++) {
    const node = parent.children[end];
    if (node?.kind === 'element' && isHeading(node) && headingRank(node) <= rank) break;
  }
  for (const node of parent.children.slice(start, end)) removeNode(node);
}

/**
 * Sections that recommend other pages (cards of related, similar or recently viewed items, of
 * other stories, under a title saying so) are not the page's content, even when their cards
 * show no price or teaser for the other rules to see. Which titles count depends on the kind
 * of page: a product's page uses the widest set, an article's names other stories, and a page
 * of unknown kind only the phrases no service or listing would title its own content with.
 * A discussion keeps everything (a thread's "similar threads" are a forum's business).
 */
export function removeRecommendations(root: ElementNode, table: StatsTable, kind: PageKind): void {
  if (kind === 'discussion') return;
  const phrases = kind === 'product' ? RECOMMENDATION_HEADING : kind === 'article' ? STORY_RECOMMENDATION_HEADING : UNAMBIGUOUS_RECOMMENDATION_HEADING;
  const limit = statsOf(table, root).text * MAX_SECTION_SHARE;
  const titles: ElementNode[] = [];
  const pending = [root];
  for (let next = pending.pop(); next !== undefined && titles.length < MAX_TITLES; next = pending.pop()) {
    if (next !== root && isRecommendationTitle(next, table, phrases)) titles.push(next);
    else pending.push(...elementChildren(next));
  }
  if (titles.length === 0) return;
  const holders = headlineHolders(root);
  for (const title of titles) {
    if (!title.parent) continue;
    const section = sectionOf(title, root, table, limit, holders);
    if (section === title && isHeading(title)) removeFlatSection(title);
    else removeNode(section);
  }
}
