import type { DomNode, ElementNode } from './dom.js';

const CODE_TAGS = new Set(['pre', 'code', 'kbd', 'samp', 'tt', 'var', 'script', 'style', 'textarea']);
const ENDS_WORD = /[\p{Ll}\p{N}]/u;
const STARTS_WORD = /\p{Lu}/u;
/** Nodes looked at for a span's first or last character: labels are small, and the bound keeps hostile nesting linear. */
const MAX_EDGE_NODES = 32;

/** The character at one edge of `node`'s text: '' when none is found, ' ' when the text there is whitespace. */
function edgeCharacter(node: DomNode, fromEnd: boolean): string {
  let budget = MAX_EDGE_NODES;
  const edge = (current: DomNode): string => {
    if (--budget < 0) return ' ';
    if (current.kind === 'text') {
      if (current.value === '') return '';
      const character = fromEnd ? current.value.slice(-1) : current.value.slice(0, 1);
      return character.trim() === '' ? ' ' : character;
    }
    const { children } = current;
    for (let i = 0; i < children.length; i++) {
      const child = children[fromEnd ? children.length - 1 - i : i];
      const found = child ? edge(child) : '';
      if (found !== '') return found;
    }
    return '';
  };
  return edge(node);
}

function runsTogether(left: DomNode | undefined, right: DomNode | undefined): boolean {
  if (left?.kind !== 'element' || right?.kind !== 'element' || left.tag !== 'span' || right.tag !== 'span') return false;
  return ENDS_WORD.test(edgeCharacter(left, true)) && STARTS_WORD.test(edgeCharacter(right, false));
}

/**
 * Sibling `<span>`s that CSS lays out apart (a label and its value in a flex row: "Publisher",
 * "Houghton Mifflin") have no whitespace between them in the markup, so their texts would run
 * together ("PublisherHoughton"). Where one ends in a lower-case letter or digit and the next
 * starts with a capital, that is no single word split for styling (`<b>W</b>ord` ends in a
 * capital): a space goes between them. Code keeps its text as written (`set` + `Todos`).
 */
export function separateGluedLabels(root: ElementNode): void {
  const visit = (element: ElementNode): void => {
    if (CODE_TAGS.has(element.tag)) return;
    const spaced: DomNode[] = [];
    let previous: DomNode | undefined;
    for (const child of element.children) {
      if (runsTogether(previous, child)) spaced.push({ kind: 'text', value: ' ', parent: element });
      spaced.push(child);
      previous = child;
    }
    if (spaced.length !== element.children.length) element.children = spaced;
    for (const child of element.children) if (child.kind === 'element') visit(child);
  };
  visit(root);
}
