import { type ElementNode, removeNode } from './dom.js';
import { type StatsTable, statsOf } from './text-stats.js';

/** Typesetters' filler: a theme's sample block left in the markup (and usually hidden by its CSS), never content. */
const FILLER = /\blorem ipsum\b/i;
/** Filler blocks handled per page: a theme leaves a few, and the bound keeps hostile pages linear. */
const MAX_FILLER_BLOCKS = 64;
/** Text a filler block's box may hold besides the filler: the sample's heading and labels. */
const MAX_BOX_EXTRA_TEXT = 80;

/** Elements holding the filler as their own text, in document order. */
function fillerBlocks(root: ElementNode): ElementNode[] {
  const found: ElementNode[] = [];
  const visit = (element: ElementNode): void => {
    for (const child of element.children) {
      if (child.kind === 'element') visit(child);
      else if (found.at(-1) !== element && FILLER.test(child.value)) found.push(element);
    }
  };
  visit(root);
  return found;
}

/** Removes sample text left by a theme ("Lorem ipsum dolor sit amet…") with the small box around it. */
export function removePlaceholderText(root: ElementNode, table: StatsTable): void {
  for (const block of fillerBlocks(root).slice(0, MAX_FILLER_BLOCKS)) {
    if (!block.parent) continue;
    let box = block;
    const filler = statsOf(table, block).text;
    for (let parent = box.parent; parent && parent !== root && statsOf(table, parent).text - filler <= MAX_BOX_EXTRA_TEXT; parent = parent.parent) box = parent;
    removeNode(box);
  }
}
