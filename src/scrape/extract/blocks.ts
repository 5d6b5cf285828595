/**
 * The document model both serialisers (Markdown and plain text) render from: a list of
 * blocks holding inline runs. Building it once from the DOM keeps the two outputs consistent
 * and keeps HTML quirks out of the serialisers.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'link'; url: string; title?: string; children: Inline[] }
  | { type: 'strong' | 'emphasis' | 'strike'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'image'; url: string; alt: string; width?: number; height?: number }
  | { type: 'break' };

export type InlineContainer = Extract<Inline, { children: Inline[] }>;

export type Block =
  | { type: 'heading'; level: number; content: Inline[] }
  | { type: 'paragraph'; content: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'table'; rows: Inline[][][]; headerRow: boolean }
  | { type: 'code'; language?: string; text: string }
  | { type: 'quote'; blocks: Block[] }
  | { type: 'rule' };

/** Whether an inline run shows any text or image (whitespace and line breaks alone do not count). */
export function hasVisibleContent(inlines: readonly Inline[]): boolean {
  for (const inline of inlines) {
    switch (inline.type) {
      case 'text':
      case 'code':
        if (/\S/.test(inline.text)) return true;
        break;
      case 'image':
        return true;
      case 'break':
        break;
      default:
        if (hasVisibleContent(inline.children)) return true;
    }
  }
  return false;
}

/** Plain text of an inline run with whitespace collapsed (images contribute nothing). */
export function inlineText(inlines: readonly Inline[]): string {
  let out = '';
  const visit = (list: readonly Inline[]): void => {
    for (const inline of list) {
      switch (inline.type) {
        case 'text':
        case 'code':
          out += inline.text;
          break;
        case 'break':
          out += ' ';
          break;
        case 'image':
          break;
        default:
          visit(inline.children);
      }
    }
  };
  visit(inlines);
  return out.replace(/\s+/g, ' ').trim();
}

/** Calls `visitor` for every inline of every block, depth first, in document order. */
export function forEachInline(blocks: readonly Block[], visitor: (inline: Inline) => void): void {
  const visitInlines = (list: readonly Inline[]): void => {
    for (const inline of list) {
      visitor(inline);
      if ('children' in inline) visitInlines(inline.children);
    }
  };
  const visitBlocks = (list: readonly Block[]): void => {
    for (const block of list) {
      switch (block.type) {
        case 'heading':
        case 'paragraph':
          visitInlines(block.content);
          break;
        case 'list':
          for (const item of block.items) visitBlocks(item);
          break;
        case 'table':
          for (const row of block.rows) for (const cell of row) visitInlines(cell);
          break;
        case 'quote':
          visitBlocks(block.blocks);
          break;
        default:
          break;
      }
    }
  };
  visitBlocks(blocks);
}

/** Calls `visitor` with the content of every paragraph, in lists and quotes too, in document order. */
export function forEachParagraph(blocks: readonly Block[], visitor: (content: readonly Inline[]) => void): void {
  for (const block of blocks) {
    if (block.type === 'paragraph') visitor(block.content);
    else if (block.type === 'list') for (const item of block.items) forEachParagraph(item, visitor);
    else if (block.type === 'quote') forEachParagraph(block.blocks, visitor);
  }
}

/**
 * The blocks without the paragraphs `isDropped` names, in lists and quotes too; a list item or
 * quote left empty goes with them. Headings and tables stay.
 */
export function withoutParagraphs(blocks: readonly Block[], isDropped: (content: readonly Inline[]) => boolean): Block[] {
  const kept: Block[] = [];
  for (const block of blocks) {
    if (block.type === 'paragraph' && isDropped(block.content)) continue;
    if (block.type === 'list') {
      const items = block.items.map((item) => withoutParagraphs(item, isDropped)).filter((item) => item.length > 0);
      if (items.length > 0) kept.push({ ...block, items });
    } else if (block.type === 'quote') {
      const inner = withoutParagraphs(block.blocks, isDropped);
      if (inner.length > 0) kept.push({ ...block, blocks: inner });
    } else kept.push(block);
  }
  return kept;
}
