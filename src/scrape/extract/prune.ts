import { classWords } from './class-words.js';
import { type ElementNode, elementChildren, findFirst, removeNode, textContent } from './dom.js';
import { type StatsTable, type TextStats, linkDensity, statsOf } from './text-stats.js';

/**
 * A link cluster this large a share of the content is the content (a category page, an
 * index of links), not a box beside it.
 */
const MAX_CLUSTER_SHARE = 0.3;
/**
 * Link clusters holding together this large a share of the content are what the page lists
 * (a news front of sections, each a list of headlines), however small each one is.
 */
const MAX_CLUSTERS_SHARE = 0.7;
const MIN_PROSE_FOR_CLUSTER_PRUNING = 500;

/** Removes lists and boxes inside the content that are mostly links (tag clouds, "read next", menus). */
export function pruneLinkClusters(root: ElementNode, table: StatsTable): void {
  // Without prose to accompany, link-heavy blocks are what the page lists: its content.
  if (statsOf(table, root).prose < MIN_PROSE_FOR_CLUSTER_PRUNING) return;
  const limit = statsOf(table, root).text * MAX_CLUSTER_SHARE;
  const clusters: ElementNode[] = [];
  let clustered = 0;
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      const stats = statsOf(table, child);
      if (stats.text < limit && isLinkCluster(child, stats)) {
        clusters.push(child);
        clustered += stats.text;
      } else visit(child);
    }
  };
  visit(root);
  if (clustered > statsOf(table, root).text * MAX_CLUSTERS_SHARE) return;
  for (const cluster of clusters) removeNode(cluster);
}

/**
 * Rows and cells of a table, items of a list, terms and descriptions of a definition list:
 * parts of a unit that goes whole or stays whole. A listing's table has rows of links (a
 * ranking, a fixture list) and an index's entries link to their authors; a menu goes as its
 * whole list.
 */
const PARTS_OF_UNITS = new Set(['tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'li', 'dt', 'dd']);

function isLinkCluster(element: ElementNode, stats: TextStats): boolean {
  if (stats.links < 3 || element.tag === 'a' || PARTS_OF_UNITS.has(element.tag)) return false;
  const density = linkDensity(stats);
  const averageLinkText = stats.linkText / stats.links;
  return density > 0.75 && averageLinkText < 40;
}

/** Class words of the small print around an article: bylines, dates, photo credits (author boxes: `author-boxes.ts`). */
const ARTICLE_FURNITURE_WORDS = new Set(['byline', 'dateline', 'timestamp', 'date', 'published', 'meta', 'caption', 'credit', 'credits', 'figcaption']);
/** Photo captions run to a few sentences (who, where, when, credit); longer blocks are the story. */
const MAX_ARTICLE_FURNITURE_TEXT = 400;

const IMAGE_TAGS = new Set(['img', 'picture']);

/** A paragraph whose only companion in its box is a photo: the photo's caption, without `<figcaption>`. */
function isPhotoCaption(element: ElementNode, stats: TextStats): boolean {
  if (element.tag !== 'p' || stats.text > MAX_ARTICLE_FURNITURE_TEXT || !element.parent) return false;
  const companions = elementChildren(element.parent).filter((child) => child !== element);
  return companions.length === 1 && companions.some((child) => IMAGE_TAGS.has(child.tag));
}

/** A caption that only credits the picture: "Photo: Jane Doe, AP", "Image by…", "© Reuters". */
const PICTURE_CREDIT = /^\s*(?:©|\(c\)\s|(?:photo(?:graph)?|image|picture|illustration|credit|source)s?\s*(?::|by\b|credits?\b))/iu;

/**
 * A figure's own `<figcaption>` says what its picture shows: part of the story, kept like the
 * picture. A caption that is only a credit stays small print.
 */
function isFigureCaption(element: ElementNode): boolean {
  const figure = element.parent;
  if (element.tag !== 'figcaption' || figure?.tag !== 'figure') return false;
  return findFirst(figure, (child) => IMAGE_TAGS.has(child.tag)) !== undefined && !PICTURE_CREDIT.test(textContent(element));
}

function isArticleSmallPrint(element: ElementNode, stats: TextStats): boolean {
  if (isFigureCaption(element)) return false;
  if (isPhotoCaption(element, stats)) return true;
  if (stats.text > MAX_ARTICLE_FURNITURE_TEXT) return false;
  if (element.tag === 'figcaption') return true;
  return classWords(element).some((word) => ARTICLE_FURNITURE_WORDS.has(word));
}

/** A list whose every item is one link: headlines to other pages. */
function isLinkList(element: ElementNode, table: StatsTable): boolean {
  if (element.tag !== 'ul' && element.tag !== 'ol') return false;
  const items = elementChildren(element).filter((child) => child.tag === 'li');
  if (items.length < 3) return false;
  return items.every((item) => {
    const stats = statsOf(table, item);
    return stats.links >= 1 && stats.linkText >= stats.text * 0.9;
  });
}

/**
 * Under an article, its headline, bylines, dates, photo captions and lists of headlines are
 * not the story (on forums and listings the same markup is content, so this runs on articles
 * only). The headline goes only when the page's `title` in the metadata already carries it
 * (`<title>` is often the site's name alone), so it is never lost.
 */
export function removeArticleFurniture(root: ElementNode, table: StatsTable, title: string | undefined): void {
  const headline = findFirst(root, (element) => element.tag === 'h1');
  if (headline && title !== undefined && carries(title, textContent(headline))) removeNode(headline);
  const limit = statsOf(table, root).text * MAX_CLUSTER_SHARE;
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      const stats = statsOf(table, child);
      if (isArticleSmallPrint(child, stats) || (stats.text < limit && isLinkList(child, table))) removeNode(child);
      else visit(child);
    }
  };
  visit(root);
}

/** Whether `title` holds `headline`'s words, ignoring case, punctuation and spacing. */
function carries(title: string, headline: string): boolean {
  const words = (text: string) =>
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.join(' ') ?? '';
  const wanted = words(headline);
  return wanted !== '' && ` ${words(title)} `.includes(` ${wanted} `);
}
