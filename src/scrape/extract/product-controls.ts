import { type ElementNode, elementChildren, removeNode } from './dom.js';
import type { PageKind } from './page-kind.js';

/**
 * What is left of a shop's purchase form once its inputs are gone (those never reach the
 * content): the labels of swatches and sizes, the groups and captions that hold them.
 */
const CONTROL_TAGS = new Set(['label', 'fieldset', 'legend']);
/** ARIA roles of the same pickers built from plain elements. */
const CONTROL_ROLES = new Set(['radiogroup', 'radio', 'listbox', 'option', 'combobox', 'spinbutton', 'switch', 'checkbox']);

function isPurchaseControl(element: ElementNode): boolean {
  return CONTROL_TAGS.has(element.tag) || CONTROL_ROLES.has((element.attrs['role'] ?? '').toLowerCase());
}

/**
 * On a product page, the variant pickers (colour, size, pack, plan) are controls for buying
 * it, not its description: their labels read "Color:", "Wallet only", "3-Year Plan". Other
 * kinds of page keep labels, which may caption a form that is their content.
 */
export function removePurchaseControls(root: ElementNode, kind: PageKind): void {
  if (kind !== 'product') return;
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      if (isPurchaseControl(child)) removeNode(child);
      else visit(child);
    }
  };
  visit(root);
}
