import { classifyMarkup } from './boilerplate.js';
import { classWords } from './class-words.js';
import { type ElementNode, elementChildren, removeNode, textContent } from './dom.js';
import type { PageKind } from './page-kind.js';
import { type StatsTable, statsOf } from './text-stats.js';

/** Code is the page's text whatever its highlighter calls its spans (`hljs-comment`, `token comment`). */
const CODE_TAGS = new Set(['pre', 'code']);

/** Outermost elements below `root` matching `predicate`, outside code. */
function outermostMatching(root: ElementNode, predicate: (element: ElementNode) => boolean): ElementNode[] {
  const found: ElementNode[] = [];
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      if (CODE_TAGS.has(child.tag)) continue;
      if (predicate(child)) found.push(child);
      else visit(child);
    }
  };
  visit(root);
  return found;
}

/**
 * Off articles, comments holding more than this many times the prose of the rest of the page
 * are its content (a thread whose posts are named comments); fewer are remarks on a post, an
 * answer or a blog entry, which is the content.
 */
const MAX_DISCUSSION_RATIO = 2;

/**
 * Readers' comments are the content of a forum thread but not of an article. They go under
 * a page that declares itself an article, and elsewhere unless they hold more than twice the
 * prose of the rest; pages that are mostly discussion keep them. Code is never searched:
 * highlighters name its comments `hljs-comment`.
 */
export function removeDiscussion(root: ElementNode, table: StatsTable, kind: PageKind): void {
  if (kind === 'discussion') return;
  const discussions = outermostMatching(root, (element) => classifyMarkup(element) === 'discussion');
  if (discussions.length === 0) return;
  const discussionProse = discussions.reduce((sum, element) => sum + statsOf(table, element).prose, 0);
  const otherProse = statsOf(table, root).prose - discussionProse;
  const allowance = kind === 'article' ? Number.POSITIVE_INFINITY : MAX_DISCUSSION_RATIO;
  if (discussionProse <= otherProse * allowance) for (const element of discussions) removeNode(element);
}

/** Class words of customer reviews, ratings and testimonials (`feedback`: what buyers say of a seller). */
const REVIEW_WORDS = new Set(['review', 'reviews', 'testimonial', 'testimonials', 'ratings', 'feedback', 'feedbacks']);
/** A review-named element holding this share of the page's text is the page's wrapper, not a review box. */
const MAX_REVIEWS_SHARE = 0.5;

/** What only a shop's customer reviews say: the purchase was checked, readers vote on helpfulness (no leading word boundary: markup glues "2025Verified Purchase"). */
const CUSTOMER_REVIEW_MARKERS = /verified (?:purchase|buyer|owner)\b|found this helpful\b|was this review helpful\b/i;

/**
 * Customers' reviews under a product are what others say about it, not what the page
 * presents (its description and specifications): they go on pages that declare a product,
 * and on pages that declare nothing when they read as a shop's reviews (a service's
 * testimonials stay).
 */
export function removeReviews(root: ElementNode, table: StatsTable, kind: PageKind): void {
  if (kind !== 'product' && kind !== 'other') return;
  const limit = statsOf(table, root).text * MAX_REVIEWS_SHARE;
  const reviews = outermostMatching(root, (element) => classWords(element).some((word) => REVIEW_WORDS.has(word)) && statsOf(table, element).text < limit);
  for (const element of reviews) if (kind === 'product' || CUSTOMER_REVIEW_MARKERS.test(textContent(element))) removeNode(element);
}
