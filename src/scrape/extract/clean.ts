import { classifyMarkup } from './boilerplate.js';
import { type ElementNode, elementChildren, removeNode } from './dom.js';
import { NON_CONTENT_TAGS } from './html-tags.js';
import { type StatsTable, type TextStats, linkDensity, readableText, statsOf } from './text-stats.js';

/** `<noscript>` fallbacks for lazy images or "enable JavaScript" notices are noise; whole-page fallbacks are content. */
const MIN_NOSCRIPT_TEXT = 200;

/**
 * A hidden element holding this share of the page's text is the content itself, hidden
 * until a script reveals it (age gates, React streamed segments, app shells).
 */
const REVEALED_BY_SCRIPT_SHARE = 0.4;

function visibleCharacters(text: string, stopAt: number): number {
  let visible = 0;
  for (let i = 0; i < text.length && visible < stopAt; i++) {
    const code = text.charCodeAt(i);
    if (code > 32 && code !== 160) visible++;
  }
  return visible;
}

/** Visible characters below an element, not counting scripts, styles and other non-content. */
function contentCharacters(element: ElementNode, stopAt: number): number {
  let count = 0;
  const visit = (node: ElementNode): void => {
    for (const child of node.children) {
      if (count >= stopAt) return;
      if (child.kind === 'text') count += visibleCharacters(child.value, stopAt - count);
      else if (!NON_CONTENT_TAGS.has(child.tag)) visit(child);
    }
  };
  visit(element);
  return count;
}

/** Removes what can never be content: scripts, media, form controls, hidden elements. */
export function removeNonContent(root: ElementNode): void {
  const total = contentCharacters(root, Number.POSITIVE_INFINITY);
  const isRemoved = (element: ElementNode): boolean => {
    if (NON_CONTENT_TAGS.has(element.tag)) return true;
    if (element.tag === 'noscript') return contentCharacters(element, MIN_NOSCRIPT_TEXT) < MIN_NOSCRIPT_TEXT;
    if (classifyMarkup(element) !== 'hidden') return false;
    const threshold = Math.max(1, total * REVEALED_BY_SCRIPT_SHARE);
    return contentCharacters(element, threshold) < threshold;
  };
  const visit = (element: ElementNode): void => {
    element.children = element.children.filter((child) => {
      if (child.kind === 'text') return true;
      if (isRemoved(child)) {
        child.parent = null;
        return false;
      }
      return true;
    });
    for (const child of element.children) if (child.kind === 'element') visit(child);
  };
  visit(root);
}

/**
 * Removes page furniture recognised by its markup. Elements named like furniture but holding
 * most of the page's text are kept: sites wrap whole pages in `has-sidebar` or `with-nav` containers.
 */
export function removeBoilerplate(root: ElementNode, table: StatsTable): void {
  const total = Math.max(1, statsOf(table, root).text);
  const proseLimit = Math.max(MIN_WRAPPER_PROSE, statsOf(table, root).prose * WRAPPER_PROSE_SHARE);
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      const stats = statsOf(table, child);
      // Whatever its class says, an element holding most of the page's prose wraps the content (`and-w-sidebar`).
      if (shouldRemove(child, stats, total) && !(stats.prose >= proseLimit && classifyMarkup(child) === 'furniture')) removeNode(child);
      else visit(child);
    }
  };
  visit(root);
}

/** Share of the page's prose that makes a furniture-named element a wrapper of the content. */
const WRAPPER_PROSE_SHARE = 0.5;
/** Pages with less prose than this (characters) are judged by their text share alone. */
const MIN_WRAPPER_PROSE = 500;

function shouldRemove(element: ElementNode, stats: TextStats, total: number): boolean {
  const share = stats.text / total;
  switch (classifyMarkup(element)) {
    case 'chrome':
      return share < 0.5 || linkDensity(stats) > 0.5;
    case 'furniture':
      return share < 0.4 || linkDensity(stats) > 0.5;
    case 'suspect':
      return share < 0.4 && (readableText(stats) < 250 || linkDensity(stats) > 0.4);
    case 'header':
      return share < 0.3 && (readableText(stats) < 400 || linkDensity(stats) > 0.4);
    default:
      if (element.tag === 'form') return share < 0.4;
      return false;
  }
}
