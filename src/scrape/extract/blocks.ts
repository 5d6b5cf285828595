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
