import { classWords } from './class-words.js';
import { type DomNode, type ElementNode, removeNode } from './dom.js';

/** Quoted passages shorter than this are kept: short quotes repeat common phrases by chance. */
const MIN_QUOTED_CHARACTERS = 40;

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

function isQuote(element: ElementNode): boolean {
  return element.tag === 'blockquote' || classWords(element).includes('quote');
}

/** Text pieces of an element split at block boundaries, so each can be looked up on its own. */
function passages(element: ElementNode): string[] {
  const result: string[] = [];
  let current = '';
  const visit = (node: DomNode): void => {
    if (node.kind === 'text') {
      current += node.value;
      return;
    }
    const block = node.tag === 'p' || node.tag === 'div' || node.tag === 'br' || node.tag === 'li' || node.tag === 'blockquote';
    if (block) {
      result.push(current);
      current = '';
    }
    for (const child of node.children) visit(child);
    if (block) {
      result.push(current);
      current = '';
    }
  };
  visit(element);
  result.push(current);
  return result.map(normalise).filter((p) => p.length >= MIN_QUOTED_CHARACTERS);
}

/**
 * Removes quotations of text that already appears earlier in the content — a reply quoting
 * the post above it, as forums do — so each passage is kept once, where it was written.
 */
export function removeRepeatedQuotes(root: ElementNode): void {
  let earlier = '';
  const visit = (element: ElementNode): void => {
    for (const child of [...element.children]) {
      if (child.kind === 'text') {
        earlier += ` ${normalise(child.value)}`;
        continue;
      }
      if (isQuote(child)) {
        const quoted = passages(child);
        if (quoted.length > 0 && quoted.every((passage) => earlier.includes(passage))) {
          removeNode(child);
          continue;
        }
      }
      visit(child);
    }
  };
  visit(root);
}
