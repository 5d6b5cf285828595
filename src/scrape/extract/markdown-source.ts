import type { Block, Inline } from './blocks.js';
import { parseMarkdownInlines } from './markdown-inline.js';

/**
 * Reads a Markdown document (a README served as `text/markdown` or as a `.md` file) into the
 * block model, so its plain text comes from the same renderer as a web page's: headings (ATX
 * and setext), fenced and indented code, block quotes, nested lists, GFM tables, rules and
 * paragraphs. Lenient, line by line and linear; quotes and lists nest at most `MAX_NESTING`
 * deep (deeper markers are read as text), so a hostile document cannot recurse without end.
 */
export function parseMarkdownBlocks(source: string): Block[] {
  return parseLines(source.split('\n'), 0);
}

const MAX_NESTING = 8;
const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])( {1,4}|\t|$)/;
const QUOTE = /^ {0,3}> ?/;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]{1,200}\]:\s*\S/;

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function isRule(line: string): boolean {
  const first = line.search(/\S/);
  const mark = line[first];
  // Only a line of one mark and spaces is a rule: anything else fails at its first other character.
  if (first < 0 || first > 3 || (mark !== '-' && mark !== '*' && mark !== '_')) return false;
  let marks = 0;
  for (let i = first; i < line.length; i++) {
    if (line[i] === mark) marks++;
    else if (line[i] !== ' ' && line[i] !== '\t') return false;
  }
  return marks >= 3;
}

/** ATX heading: its level and text (closing hashes dropped), or undefined. */
function atxHeading(line: string): { level: number; text: string } | undefined {
  const match = /^ {0,3}(#{1,6})(?=[ \t]|$)/.exec(line);
  if (!match) return undefined;
  let text = line.slice(match[0].length).trim();
  const closing = /(^|[ \t])#+$/.exec(text);
  if (closing) text = text.slice(0, closing.index).trim();
  return { level: match[1]!.length, text };
}

function tableCells(line: string): string[] {
  const cells = line.trim().split(/(?<!\\)\|/);
  if (cells[0]?.trim() === '') cells.shift();
  if (cells.length > 0 && cells[cells.length - 1]?.trim() === '') cells.pop();
  return cells.map((cell) => cell.trim());
}

function isTableSeparator(line: string): boolean {
  if (!line.includes('-')) return false;
  const cells = tableCells(line);
  return cells.length > 0 && cells.every((cell) => /^:?-+:?$/.test(cell));
}

/** Lines that start a block of their own end a paragraph (a list item, a quote, a fence, a heading, a rule). */
function startsBlock(line: string): boolean {
  return FENCE.test(line) || atxHeading(line) !== undefined || QUOTE.test(line) || isRule(line) || LIST_ITEM.test(line);
}

const inlines = (text: string): Inline[] => parseMarkdownInlines(text);

function parseLines(lines: readonly string[], depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (isBlank(line) || REFERENCE_DEFINITION.test(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] as string;
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] as string).trimStart().startsWith(marker)) body.push(lines[i++] as string);
      i++;
      blocks.push({ type: 'code', text: body.join('\n'), ...(fence[2] ? { language: fence[2] } : {}) });
      continue;
    }
    const heading = atxHeading(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading.level, content: inlines(heading.text) });
      i++;
      continue;
    }
    if (isRule(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (/^( {4}|\t)/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i] as string) || isBlank(lines[i] as string)))
        body.push((lines[i++] as string).replace(/^( {4}|\t)/, ''));
      blocks.push({ type: 'code', text: body.join('\n').replace(/\n+$/, '') });
      continue;
    }
    if (depth < MAX_NESTING && QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] as string)) body.push((lines[i++] as string).replace(QUOTE, ''));
      blocks.push({ type: 'quote', blocks: parseLines(body, depth + 1) });
      continue;
    }
    if (depth < MAX_NESTING && LIST_ITEM.test(line)) {
      i = readList(lines, i, depth, blocks);
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && isTableSeparator(lines[i + 1] as string)) {
      const rows = [tableCells(line)];
      i += 2;
      while (i < lines.length && !isBlank(lines[i] as string) && (lines[i] as string).includes('|')) rows.push(tableCells(lines[i++] as string));
      blocks.push({ type: 'table', headerRow: true, rows: rows.map((row) => row.map(inlines)) });
      continue;
    }
    // A paragraph runs to a blank line or a line that starts another block; "===" or "---" under it makes it a heading.
    const body = [line];
    i++;
    while (i < lines.length && !isBlank(lines[i] as string) && !startsBlock(lines[i] as string)) {
      const next = lines[i] as string;
      if (/^ {0,3}(=+|-+)[ \t]*$/.test(next)) break;
      body.push(next);
      i++;
    }
    const underline = i < lines.length ? /^ {0,3}(=+|-+)[ \t]*$/.exec(lines[i] as string) : null;
    if (underline) {
      blocks.push({ type: 'heading', level: underline[1]!.startsWith('=') ? 1 : 2, content: inlines(body.join(' ')) });
      i++;
    } else blocks.push({ type: 'paragraph', content: inlines(body.map((l) => l.replace(/^[ \t]+/, '')).join('\n')) });
  }
  return blocks;
}

/** Reads the list starting at `start` into `blocks`; returns the index of the first line after it. */
function readList(lines: readonly string[], start: number, depth: number, blocks: Block[]): number {
  const first = LIST_ITEM.exec(lines[start] as string)!;
  const ordered = /\d/.test(first[2] as string);
  const items: Block[][] = [];
  let i = start;
  for (;;) {
    const marker = LIST_ITEM.exec(lines[i] as string);
    if (!marker || /\d/.test(marker[2] as string) !== ordered) break;
    const contentColumn = marker[0].length;
    const body = [(lines[i] as string).slice(contentColumn)];
    i++;
    // What follows belongs to the item when indented to its content, or as a lazy paragraph line.
    while (i < lines.length) {
      const next = lines[i] as string;
      const indent = next.search(/\S/);
      if (isBlank(next)) {
        const following = lines[i + 1];
        if (following === undefined || isBlank(following) || following.search(/\S/) < contentColumn) break;
        body.push('');
      } else if (indent >= contentColumn) body.push(next.slice(contentColumn));
      else if (!startsBlock(next) && !isBlank(body[body.length - 1] as string)) body.push(next.trimStart());
      else break;
      i++;
    }
    items.push(parseLines(body, depth + 1));
    while (i < lines.length && isBlank(lines[i] as string) && lines[i + 1] !== undefined && LIST_ITEM.test(lines[i + 1] as string)) i++;
    if (i >= lines.length) break;
  }
  const startNumber = ordered ? Number.parseInt(first[2] as string, 10) : 1;
  blocks.push({ type: 'list', ordered, start: startNumber, items });
  return i;
}
