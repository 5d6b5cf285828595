import type { Block, Inline } from './blocks.js';
import { renderBlocks, type BlockRenderer } from './block-render.js';

/**
 * Renders blocks as plain text in the WCXB ground-truth layout: headings and paragraphs on
 * their own lines separated by one blank line, list items one per line (`- ` or `1. `),
 * table rows with cells joined by ` | `. No emphasis, link or image syntax.
 */
export function renderText(blocks: readonly Block[]): string {
  return renderBlocks(blocks, TEXT).trim();
}

const TEXT: BlockRenderer = {
  heading: (block) => inlineLine(block.content).replace(/\n/g, ' '),
  paragraph: (block) => inlineLine(block.content),
  table: (block) =>
    block.rows
      .map((row) =>
        row
          .map((cell) => inlineLine(cell).replace(/\n/g, ' '))
          .filter((c) => c !== '')
          .join(' | '),
      )
      .filter((line) => line !== '')
      .join('\n'),
  code: (block) => block.text,
  rule: '',
  quote: (inner) => inner,
  listItem: (marker, blocks) =>
    blocks
      .map(({ text }) => text)
      .join('\n')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line, i) => (i === 0 ? marker + line : `  ${line}`))
      .join('\n'),
};

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
