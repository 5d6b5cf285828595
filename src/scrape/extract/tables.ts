import { type ElementNode, elementChildren } from './dom.js';

/** Whether a table only lays out the page (its cells render as plain blocks). */
export function isLayoutTableElement(table: ElementNode): boolean {
  return isLayoutTable(table, tableRows(table));
}

/** Rows of a table (not of nested tables), each the list of its cells. */
export function tableRows(table: ElementNode): ElementNode[][] {
  const rows: ElementNode[][] = [];
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      if (child.tag === 'tr') rows.push(elementChildren(child).filter((c) => c.tag === 'td' || c.tag === 'th'));
      else if (child.tag === 'thead' || child.tag === 'tbody' || child.tag === 'tfoot') visit(child);
    }
  };
  visit(table);
  return rows;
}

const STRUCTURAL_IN_CELL = new Set(['table', 'p', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'blockquote', 'dl']);

/**
 * Tables used for page layout (or holding whole articles per cell) would make unreadable
 * pipe tables: they render as a sequence of their cells instead.
 */
export function isLayoutTable(table: ElementNode, rows: ElementNode[][]): boolean {
  const role = table.attrs['role'];
  if (role === 'presentation' || role === 'none') return true;
  if (rows.length === 0) return true;
  const maxColumns = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  if (maxColumns <= 1) return true;
  let structural = 0;
  let cells = 0;
  for (const row of rows)
    for (const cell of row) {
      cells++;
      if (hasStructuralContent(cell, 0)) structural++;
    }
  return structural > 0 && structural * 4 >= cells;
}

function hasStructuralContent(element: ElementNode, depth: number): boolean {
  if (depth > 12) return false;
  for (const child of elementChildren(element)) {
    if (STRUCTURAL_IN_CELL.has(child.tag)) {
      // Several paragraphs or any nested table/list: no pipe table can hold that.
      if (child.tag !== 'p') return true;
      if (elementChildren(element).filter((c) => c.tag === 'p').length > 1) return true;
    }
    if (hasStructuralContent(child, depth + 1)) return true;
  }
  return false;
}
