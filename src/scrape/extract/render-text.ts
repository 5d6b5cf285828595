import type { Block, Inline } from './blocks.js';

/**
 * Renders blocks as plain text in the WCXB ground-truth layout: headings and paragraphs on
 * their own lines separated by one blank line, list items one per line (`- ` or `1. `),
 * table rows with cells joined by ` | `. No emphasis, link or image syntax.
 */
export function renderText(blocks: readonly Block[]): string {
  return renderBlocks(blocks).trim();
}

function renderBlocks(blocks: readonly Block[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    const rendered = renderBlock(block);
    if (rendered !== '') parts.push(rendered);
  }
  return parts.join('\n\n');
}

function renderBlock(block: Block): string {
  switch (block.type) {
    case 'heading':
      return inlineLine(block.content).replace(/\n/g, ' ');
    case 'paragraph':
      return inlineLine(block.content);
    case 'list':
      return renderList(block);
    case 'table':
      return block.rows
        .map((row) => row.map((cell) => inlineLine(cell).replace(/\n/g, ' ')).filter((c) => c !== '').join(' | '))
        .filter((line) => line !== '')
        .join('\n');
    case 'code':
      return block.text;
    case 'quote':
      return renderBlocks(block.blocks);
    case 'rule':
      return '';
  }
}

function renderList(list: Extract<Block, { type: 'list' }>): string {
  const lines: string[] = [];
  list.items.forEach((item, index) => {
    const marker = list.ordered ? `${list.start + index}. ` : '- ';
    const body = item
      .map((block) => renderBlock(block))
      .filter((text) => text !== '')
      .join('\n');
    if (body === '') return;
    lines.push(
      body
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line, i) => (i === 0 ? marker + line : `  ${line}`))
        .join('\n'),
    );
  });
  return lines.join('\n');
}

function inlineLine(inlines: readonly Inline[]): string {
  let out = '';
  const visit = (list: readonly Inline[]): void => {
    for (const inline of list) {
      switch (inline.type) {
        case 'text':
        case 'code':
          // Source line breaks are just whitespace; only <br> breaks a line.
          out += inline.text.replace(/[\s\u00a0]+/g, ' ');
          break;
        case 'break':
          out += '\n';
          break;
        case 'image':
          break;
        default:
          visit(inline.children);
      }
    }
  };
  visit(inlines);
  return out
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
