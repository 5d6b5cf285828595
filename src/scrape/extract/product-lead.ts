import { type ElementNode, findFirst, textContent } from './dom.js';

/** Share of the content's text that may come before the product's title and still be a lead-in, not content. */
const MAX_LEAD_SHARE = 0.3;

function visibleLength(text: string): number {
  return text.replace(/\s+/g, '').length;
}

/**
 * On a product page the product's title (its `h1`) opens what the page says about it; what the
 * content root holds before it is the shop around the product: store banners ("Free shipping
 * on orders over $75"), a help line, a gallery's counters, a size picker laid out above the
 * title. It goes when it is a small part of the content (a layout that puts the description
 * first keeps it). Each element is looked at once on the way down to the title.
 */
export function removeLeadBeforeTitle(content: ElementNode): void {
  const title = findFirst(content, (element) => element.tag === 'h1');
  if (!title) return;
  const chain: ElementNode[] = [];
  for (let node: ElementNode | null = title; node && node !== content; node = node.parent) chain.push(node);
  chain.push(content);
  const leads: Array<{ parent: ElementNode; keepFrom: number }> = [];
  let leadLength = 0;
  for (let i = chain.length - 1; i > 0; i--) {
    const parent = chain[i] as ElementNode;
    const keepFrom = parent.children.indexOf(chain[i - 1] as ElementNode);
    for (const child of parent.children.slice(0, keepFrom)) leadLength += visibleLength(child.kind === 'text' ? child.value : textContent(child));
    if (keepFrom > 0) leads.push({ parent, keepFrom });
  }
  if (leads.length === 0 || leadLength > visibleLength(textContent(content)) * MAX_LEAD_SHARE) return;
  for (const { parent, keepFrom } of leads) {
    for (const child of parent.children.slice(0, keepFrom)) child.parent = null;
    parent.children = parent.children.slice(keepFrom);
  }
}
