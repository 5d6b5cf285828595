import type { Block, Inline } from './blocks.js';
import { renderBlocks, type BlockRenderer } from './block-render.js';

/**
 * Renders blocks as the contract's plain `text`: no HTML and no Markdown syntax. Headings and
 * paragraphs are lines separated by one blank line; a list item is a line without its marker
 * (what belongs to an item, a nested list included, is indented by two spaces so the nesting
 * still reads); a table row is one line with its cells separated by a tab; code keeps its
 * lines without a fence; links, emphasis and inline code keep only their text; images and
 * rules leave nothing. Every path that answers `text` for a page (HTML, PDF and Markdown) renders here.
 */
export function renderText(blocks: readonly Block[]): string {
  // Only blank lines go: a first table row may start with an empty cell, that is with a tab.
  return withoutLeadingBlankLines(renderBlocks(blocks, TEXT).trimEnd());
}

const TEXT: BlockRenderer = {
  heading: (block) => inlineLines(block.content).replace(/\n/g, ' '),
  paragraph: (block) => inlineLines(block.content),
  table: (block) =>
    block.rows
      .map((row) => trimTrailingEmpty(row.map((cell) => inlineLines(cell).replace(/\n/g, ' '))).join('\t'))
      .filter((line) => line !== '')
      .join('\n'),
  code: (block) => withoutLeadingBlankLines(block.text.trimEnd()),
  rule: '',
  quote: (inner) => inner,
  listItem: (_marker, blocks) =>
    blocks
      .map(({ text }) => text)
      .join('\n')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line, i) => (i === 0 ? line : `  ${line}`))
      .join('\n'),
};

/** Drops the line ends a text starts with (a loop: a regex anchored at the end would retry from every space). */
function withoutLeadingBlankLines(text: string): string {
  let start = 0;
  while (text[start] === '\n') start++;
  return text.slice(start);
}

/** Cells after the last one with text add only tabs at the end of a line. */
function trimTrailingEmpty(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end--;
  return cells.slice(0, end);
}

/** The text of an inline run: whitespace collapsed, one line per `<br>`, markup left out. */
function inlineLines(inlines: readonly Inline[]): string {
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
