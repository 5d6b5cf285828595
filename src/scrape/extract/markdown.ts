import type { Block, Inline } from './blocks.js';
import { hasVisibleContent } from './blocks.js';
import { renderBlocks, type BlockRenderer } from './block-render.js';

const MARKDOWN: BlockRenderer = {
  heading(block) {
    const text = renderInlines(block.content)
      .replace(/\s*\n\s*/g, ' ')
      .replace(/#+$/, (m) => '\\#'.repeat(m.length));
    return text === '' ? '' : `${'#'.repeat(block.level)} ${text}`;
  },
  paragraph: (block) => renderInlines(block.content),
  table: (block) => renderTable(block.rows),
  code(block) {
    const fence = '`'.repeat(Math.max(2, longestBacktickRun(block.text)) + 1);
    return `${fence}${block.language ?? ''}\n${block.text}\n${fence}`;
  },
  rule: '---',
  quote: (inner) =>
    inner
      .split('\n')
      .map((line) => (line === '' ? '>' : `> ${line}`))
      .join('\n'),
  listItem(marker, blocks) {
    const indent = ' '.repeat(marker.length);
    // A nested list directly under the item's text keeps the list tight.
    const body = blocks.map(({ block, text }, index) => (index === 0 ? '' : block.type === 'list' ? '\n' : '\n\n') + text).join('');
    return body
      .split('\n')
      .map((line, i) => (i === 0 ? marker + line : line === '' ? '' : indent + line))
      .join('\n');
  },
};

/** Longest run of backticks in `text` (a loop: spreading every match as arguments overflows the stack on hostile code). */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}

/** Renders blocks as GitHub-flavoured Markdown: blocks separated by exactly one blank line. */
export function renderMarkdown(blocks: readonly Block[]): string {
  return renderBlocks(blocks, MARKDOWN).trim();
}

function renderTable(rows: Inline[][][]): string {
  const cellText = (cell: Inline[]): string =>
    renderInlines(cell)
      .replace(/\s*\n\s*/g, ' ')
      .replace(/\|/g, '\\|');
  const rendered = rows.map((row) => `| ${row.map(cellText).join(' | ')} |`);
  const width = rows[0]?.length ?? 0;
  const separator = `|${' --- |'.repeat(width)}`;
  const [header, ...body] = rendered;
  return [header, separator, ...body].join('\n');
}

/** Renders inline content; whitespace collapsed, line-start characters escaped. */
export function renderInlines(inlines: readonly Inline[]): string {
  const raw = renderInlineList(inlines);
  return raw
    .split('\n')
    .map((line) => escapeLineStart(line.replace(/[ \t\u00a0]+/g, ' ').trim()))
    .filter((line, index, all) => line !== '' || (index > 0 && index < all.length - 1))
    .join('  \n')
    .replace(/( {2}\n)+/g, '  \n')
    .trim();
}

function renderInlineList(inlines: readonly Inline[]): string {
  let out = '';
  for (const inline of inlines) out += renderInline(inline);
  return out;
}

function renderInline(inline: Inline): string {
  switch (inline.type) {
    case 'text':
      return escapeText(inline.text.replace(/[\s\u00a0]+/g, ' '));
    case 'break':
      return '\n';
    case 'code': {
      const text = inline.text.replace(/\s+/g, ' ');
      const fence = '`'.repeat(longestBacktickRun(text) + 1);
      const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
      return `${fence}${pad}${text}${pad}${fence}`;
    }
    case 'image':
      return `![${escapeText(inline.alt).replace(/\n/g, ' ')}](${formatDestination(inline.url)})`;
    case 'link': {
      const label = renderInlineList(inline.children).replace(/\s*\n\s*/g, ' ');
      if (!hasVisibleContent(inline.children)) return label;
      return wrapKeepingSpaces(label, (core) => `[${core}](${formatDestination(inline.url)})`);
    }
    case 'strong':
      return wrapEmphasis(inline.children, '**');
    case 'emphasis':
      return wrapEmphasis(inline.children, '*');
    case 'strike':
      return wrapEmphasis(inline.children, '~~');
  }
}

function wrapEmphasis(children: Inline[], marker: string): string {
  const inner = renderInlineList(children);
  // Emphasis across a line break or around nothing renders literally: leave the text plain.
  if (!hasVisibleContent(children) || inner.includes('\n')) return inner;
  return wrapKeepingSpaces(inner, (core) => `${marker}${core}${marker}`);
}

/** Markdown delimiters must hug their content: spaces inside the element move outside. */
function wrapKeepingSpaces(text: string, wrap: (core: string) => string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  if (!match || match[2] === '') return text;
  return `${match[1] ?? ''}${wrap(match[2] ?? '')}${match[3] ?? ''}`;
}

function formatDestination(url: string): string {
  return url.replace(/[ ()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * Escapes characters Markdown would read as syntax. Intra-word underscores are left alone
 * (GFM never treats them as emphasis) so identifiers stay readable.
 */
export function escapeText(text: string): string {
  return text
    .replace(/[\\`*[\]]/g, '\\$&')
    .replace(/(^|[^\p{L}\p{N}])_|_(?=$|[^\p{L}\p{N}_])/gu, (m) => m.replace('_', '\\_'))
    .replace(/<(?=[a-zA-Z/!?])/g, '\\<')
    .replace(/&(?=#?[a-zA-Z0-9]+;)/g, '&amp;')
    .replace(/~~/g, '\\~\\~');
}

function escapeLineStart(line: string): string {
  return line
    .replace(/^(#{1,6})(?=\s|$)/, '\\$1')
    .replace(/^>/, '\\>')
    .replace(/^([-+])(?=\s)/, '\\$1')
    .replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2')
    .replace(/^(=+|-{3,})\s*$/, (m) => `\\${m}`)
    .replace(/^(~~~)/, '\\$1')
    .replace(/^\|/, '\\|');
}
