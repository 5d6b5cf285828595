import { removeAuthorBoxes } from './author-boxes.js';
import { removeBoilerplate, removeNonContent } from './clean.js';
import { DEFAULT_DESCENT, declaredContentRoot, descendToContent, widenToContentSiblings } from './content-root.js';
import { removeDisclaimers } from './disclaimers.js';
import { removeDiscussion, removeReviews } from './discussion.js';
import type { ElementNode } from './dom.js';
import type { PageKind } from './page-kind.js';
import { removeFieldNameTerms } from './field-names.js';
import { separateGluedLabels } from './glued-labels.js';
import { placeStreamedSegments } from './streamed-segments.js';
import { removePlaceholderText } from './placeholder-text.js';
import { removePurchaseControls } from './product-controls.js';
import { narrowToProductDescription } from './product-description.js';
import { removeProductGrids } from './product-grid.js';
import { removeLeadBeforeTitle } from './product-lead.js';
import { removeRecommendations } from './recommendations.js';
import { pruneLinkClusters, removeArticleFurniture } from './prune.js';
import {
  MIN_MULTIPLIED_CHARACTERS,
  MIN_MULTIPLIED_PRODUCT_CHARACTERS,
  MIN_REPEATED_PRODUCT_CHARACTERS,
  fingerprints,
  removeRepeatedBlocks,
} from './repeated-blocks.js';
import { removeRepeatsWithinItems } from './repeated-in-items.js';
import { removeRepeatedQuotes } from './repeated-quotes.js';
import { removeTeaserRuns } from './teasers.js';
import { computeStats } from './text-stats.js';

/**
 * Finds the main content of a parsed page and prunes what does not belong to it; returns
 * the element holding it. Mutates the tree: metadata and structured data must be read first.
 *
 * 1. put a streamed page's late segments in their placeholders, then remove what is never content (scripts, media, controls, hidden elements);
 * 2. remove page furniture named by tag, role, class or id (navigation, footers, banners…);
 * 3. remove readers' comments unless the page is a discussion, and customers' reviews on a product page (or a shop's reviews on an undeclared one);
 * 4. start where the page declares its content (articleBody, main, article), walk down to
 *    the container where the prose spreads out, and take in siblings that read as content;
 * 5. prune link clusters, sections recommending other products or stories, a theme's sample text, boxes named as disclaimers, a product's variant
 *    pickers and custom fields under programme names, boxes about the author (off products and threads), an article's headline (when `title` carries it), small print and
 *    teasers for other stories; put a space between sibling spans whose texts would run together; drop quotes of earlier
 *    passages, second copies of blocks shown twice inside it (every later copy of a passage of 1,000 characters or more), and (off articles and threads) second copies of text
 *    shown twice inside one card of a listing;
 * 6. on a product page, drop the shop's lead-in before the product's title, and, when the structured data states a
 *    description, take the description's box if it holds nearly half the content beside a buy box (`product-description.ts`).
 */
export function extractMainContent(document: ElementNode, kind: PageKind, title?: string, productDescription?: string): ElementNode {
  // The whole document, not just <body>: malformed pages leave content after </body> or inside an unclosed <head>.
  placeStreamedSegments(document);
  const inputForms = removeNonContent(document);
  removeBoilerplate(document, computeStats(document), inputForms);
  const boilerplateFree = computeStats(document);
  removeDiscussion(document, boilerplateFree, kind);
  removeReviews(document, boilerplateFree, kind);
  const stats = computeStats(document);
  // Off articles the page may list what it shows: runs of alike items are content, not one of them.
  const listed = kind !== 'article';
  const declared = declaredContentRoot(document, stats, listed);
  const content = widenToContentSiblings(descendToContent(declared, stats, { ...DEFAULT_DESCENT, stopAtRepeatedItems: listed }), stats, declared, listed);
  pruneLinkClusters(content, stats);
  removeProductGrids(content, stats, kind);
  removeRecommendations(content, stats, kind);
  removePlaceholderText(content, stats);
  removeDisclaimers(content, stats);
  removePurchaseControls(content, kind);
  removeFieldNameTerms(content, kind);
  if (kind === 'article' || kind === 'other') removeAuthorBoxes(content, stats);
  if (kind === 'article') {
    removeArticleFurniture(content, stats, title);
    removeTeaserRuns(content, stats);
  }
  separateGluedLabels(content);
  removeRepeatedQuotes(content);
  const prints = fingerprints(content);
  const cardCopies = kind !== 'article' && kind !== 'discussion' ? removeRepeatsWithinItems(content, prints) : 0;
  const table = cardCopies > 0 ? fingerprints(content) : prints;
  if (kind === 'product')
    removeRepeatedBlocks(content, { minCharacters: MIN_REPEATED_PRODUCT_CHARACTERS, everyCopyFrom: MIN_MULTIPLIED_PRODUCT_CHARACTERS, table });
  else removeRepeatedBlocks(content, { table, everyCopyFrom: MIN_MULTIPLIED_CHARACTERS });
  if (kind !== 'product') return content;
  removeLeadBeforeTitle(content);
  return narrowToProductDescription(content, productDescription);
}
