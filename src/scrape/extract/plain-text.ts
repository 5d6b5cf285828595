import { inlineText, type Block } from './blocks.js';
import { parseMarkdownBlocks } from './markdown-source.js';
import { renderText } from './render-text.js';

/** A `text/plain` response returned as both formats: the text is already what readers read. */
export interface PlainTextDocument {
  text: string;
  markdown: string;
}

/** A Markdown document: its source is the `markdown`, its `text` the words without the marks. */
export interface MarkdownTextDocument extends PlainTextDocument {
  title?: string;
  headings: string[];
}

function normaliseLineEnds(source: string): string {
  return source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/**
 * Passes plain text through unchanged apart from line ends (CRLF and CR become LF) and a
 * leading byte-order mark. The Markdown is the same text: escaping it would change what a
 * reader of either format sees.
 */
export function plainTextDocument(source: string): PlainTextDocument {
  const text = normaliseLineEnds(source);
  return { text, markdown: text };
}

/**
 * Reads a Markdown document (a README, docs served as `text/markdown` or `.md`): the source
 * is already the `markdown`, and the plain `text` comes from the same renderer as a web
 * page's, so it carries no Markdown syntax either. The first heading is the title.
 */
export function markdownTextDocument(source: string): MarkdownTextDocument {
  const markdown = normaliseLineEnds(source);
  const blocks = parseMarkdownBlocks(markdown);
  const headings = headingsOf(blocks);
  return { ...(headings[0] === undefined ? {} : { title: headings[0] }), headings, markdown: markdown.trim(), text: renderText(blocks) };
}

function headingsOf(blocks: readonly Block[]): string[] {
  const headings: string[] = [];
  for (const block of blocks) {
    if (block.type !== 'heading') continue;
    const text = inlineText(block.content);
    if (text !== '') headings.push(text);
  }
  return headings;
}
