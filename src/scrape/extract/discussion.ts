import { classifyMarkup } from './boilerplate.js';
import { type ElementNode, elementChildren, removeNode } from './dom.js';
import type { PageKind } from './page-kind.js';
import { type StatsTable, statsOf } from './text-stats.js';

/** Outermost elements below `root` that `classifyMarkup` calls a discussion. */
function discussionElements(root: ElementNode): ElementNode[] {
  const found: ElementNode[] = [];
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      if (classifyMarkup(child) === 'discussion') found.push(child);
      else visit(child);
    }
  };
  visit(root);
  return found;
}

/**
 * Readers' comments are the content of a forum thread but not of an article. They go under
 * a page that declares itself an article, and elsewhere when the rest of the page carries
 * at least twice their prose; pages that are mostly discussion keep them.
 */
export function removeDiscussion(root: ElementNode, table: StatsTable, kind: PageKind): void {
  if (kind === 'discussion') return;
  const discussions = discussionElements(root);
  if (discussions.length === 0) return;
  const discussionProse = discussions.reduce((sum, element) => sum + statsOf(table, element).prose, 0);
  const otherProse = statsOf(table, root).prose - discussionProse;
  const allowance = kind === 'article' ? Number.POSITIVE_INFINITY : 0.5;
  if (discussionProse <= otherProse * allowance) for (const element of discussions) removeNode(element);
}
