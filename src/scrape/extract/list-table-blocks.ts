import type { Block, Inline } from './blocks.js';
import { hasVisibleContent } from './blocks.js';
import { type DomNode, type ElementNode, elementChildren } from './dom.js';
import type { FlowSink } from './flow-sink.js';
import { NON_CONTENT_TAGS, positiveIntegerAttribute } from './html-tags.js';
import { isLayoutTable, tableRows } from './tables.js';

/** What list and table building needs from the block walker (`dom-to-blocks.ts`). */
export interface BlockWalker {
  blocksOf(nodes: readonly DomNode[]): Block[];
  inlinesOf(element: ElementNode): Inline[];
  walkChildren(element: ElementNode, sink: FlowSink): void;
}

export function addList(element: ElementNode, sink: FlowSink, walker: BlockWalker): void {
  const items: Block[][] = [];
  for (const child of element.children) {
    if (child.kind === 'text') {
      if (child.value.trim() !== '') items.push([{ type: 'paragraph', content: [{ type: 'text', text: child.value }] }]);
      continue;
    }
    if (NON_CONTENT_TAGS.has(child.tag)) continue;
    const blocks = walker.blocksOf(child.tag === 'li' ? child.children : [child]);
    if (blocks.length > 0) items.push(blocks);
  }
  if (items.length === 0) return;
  const ordered = element.tag === 'ol';
  const start = ordered ? (positiveIntegerAttribute(element.attrs['start']) ?? 1) : 1;
  sink.addBlock({ type: 'list', ordered, start, items });
}

/** A data table as a grid of cells; a layout table's cells as the blocks they hold. */
export function addTable(table: ElementNode, sink: FlowSink, walker: BlockWalker): void {
  const rows = tableRows(table);
  if (isLayoutTable(table, rows)) {
    sink.endParagraph();
    for (const row of rows)
      for (const cell of row) {
        sink.endParagraph();
        walker.walkChildren(cell, sink);
      }
    for (const caption of elementChildren(table).filter((c) => c.tag === 'caption')) {
      sink.endParagraph();
      walker.walkChildren(caption, sink);
    }
    sink.endParagraph();
    return;
  }
  const caption = elementChildren(table).find((c) => c.tag === 'caption');
  if (caption) {
    const content = walker.inlinesOf(caption);
    if (hasVisibleContent(content)) sink.addBlock({ type: 'paragraph', content });
  }
  const grid: Inline[][][] = [];
  for (const row of rows) {
    const cells: Inline[][] = [];
    for (const cell of row) {
      cells.push(walker.inlinesOf(cell));
      const span = Math.min(positiveIntegerAttribute(cell.attrs['colspan']) ?? 1, 50);
      for (let i = 1; i < span; i++) cells.push([]);
    }
    if (cells.some((c) => hasVisibleContent(c))) grid.push(cells);
  }
  if (grid.length === 0) return;
  let width = 0;
  for (const row of grid) width = Math.max(width, row.length);
  for (const row of grid) while (row.length < width) row.push([]);
  const firstRow = rows[0] ?? [];
  const headerRow = firstRow.length > 0 && firstRow.every((cell) => cell.tag === 'th' || cell.parent?.parent?.tag === 'thead' || cell.parent?.tag === 'thead');
  sink.addBlock({ type: 'table', rows: grid, headerRow });
}
