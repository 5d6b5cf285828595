import type { Block } from './blocks.js';

type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;

/** One output format's rendering of each kind of block; the walk over the block tree is shared. */
export interface BlockRenderer {
  heading(block: BlockOf<'heading'>): string;
  paragraph(block: BlockOf<'paragraph'>): string;
  table(block: BlockOf<'table'>): string;
  code(block: BlockOf<'code'>): string;
  readonly rule: string;
  /** A quote around its already rendered content (never empty). */
  quote(inner: string): string;
  /** One list item: its marker (`- `, `3. `) and its blocks already rendered (empty ones left out, never none). */
  listItem(marker: string, blocks: ReadonlyArray<{ readonly block: Block; readonly text: string }>): string;
}

/** Blocks rendered and separated by exactly one blank line; blocks that render to nothing leave no gap. */
export function renderBlocks(blocks: readonly Block[], renderer: BlockRenderer): string {
  const parts: string[] = [];
  for (const block of blocks) {
    const rendered = renderBlock(block, renderer);
    if (rendered !== '') parts.push(rendered);
  }
  return parts.join('\n\n');
}

function renderBlock(block: Block, renderer: BlockRenderer): string {
  switch (block.type) {
    case 'heading':
      return renderer.heading(block);
    case 'paragraph':
      return renderer.paragraph(block);
    case 'table':
      return renderer.table(block);
    case 'code':
      return renderer.code(block);
    case 'rule':
      return renderer.rule;
    case 'quote': {
      const inner = renderBlocks(block.blocks, renderer);
      return inner === '' ? '' : renderer.quote(inner);
    }
    case 'list': {
      const lines: string[] = [];
      block.items.forEach((item, index) => {
        const rendered = item.map((child) => ({ block: child, text: renderBlock(child, renderer) })).filter((entry) => entry.text !== '');
        if (rendered.length === 0) return;
        const text = renderer.listItem(block.ordered ? `${block.start + index}. ` : '- ', rendered);
        if (text !== '') lines.push(text);
      });
      return lines.join('\n');
    }
  }
}
