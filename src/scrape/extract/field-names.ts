import { type ElementNode, elementChildren, textContent } from './dom.js';
import type { PageKind } from './page-kind.js';

/** A label that is a programme's field name (`retail_price_tier1`, `cat_thumb_Navy`), not words for readers. */
const FIELD_NAME = /^\s*[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*/;

/**
 * Shop themes that print a product's custom fields as a definition list leak their store's
 * internal fields with them: thumbnails' addresses, stock limits, quiz ids under labels like
 * `cat_thumb_Navy:`. On a product page such a term and the descriptions under it go; terms
 * in words ("Material", "Fit") stay.
 */
export function removeFieldNameTerms(root: ElementNode, kind: PageKind): void {
  if (kind !== 'product') return;
  const visit = (element: ElementNode): void => {
    if (element.tag === 'dl') {
      let dropping = false;
      element.children = element.children.filter((child) => {
        if (child.kind !== 'element') return true;
        if (child.tag === 'dt') dropping = FIELD_NAME.test(textContent(child));
        const drop = dropping && (child.tag === 'dt' || child.tag === 'dd');
        if (drop) child.parent = null;
        return !drop;
      });
    }
    for (const child of elementChildren(element)) visit(child);
  };
  visit(root);
}
