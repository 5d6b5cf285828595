import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import type { Block } from './blocks.js';
import { ExtractionError } from './errors.js';
import { renderMarkdown } from './markdown.js';
import { renderText } from './render-text.js';

export interface PdfDocument {
  /** Title from the document information dictionary, when set. */
  title?: string;
  /** Author from the document information dictionary, when set. */
  author?: string;
  pages: number;
  /** Paragraphs separated by one blank line, pages in order. */
  text: string;
  /** Same content with headings guessed from font size. */
  markdown: string;
}

interface Line {
  text: string;
  /** Baseline, PDF units (grows upwards). */
  y: number;
  x: number;
  fontSize: number;
}

/** A gap this much wider than the usual line spacing ends a paragraph. */
const PARAGRAPH_GAP_RATIO = 1.3;
/** Gaps (relative to the font size) within this tolerance count as the same spacing. */
const SPACING_TOLERANCE = 0.05;
/** A spacing counts as the line spacing when at least this share of the gaps has it (fewer are outliers: a table, a formula). */
const LINE_SPACING_MIN_SHARE = 0.1;
/** Single spacing, as most word processors set it, when no two body lines follow each other. */
const DEFAULT_LINE_SPACING = 1.2;

/** A heading is set noticeably larger than the body text, and short. */
const HEADING_SIZE_RATIO = 1.2;
const MAX_HEADING_CHARACTERS = 120;

/**
 * Reads the text of a PDF with pdf.js (pure JavaScript, no worker thread, no font loading),
 * rebuilding paragraphs from line positions and guessing headings from font sizes.
 * Throws `ExtractionError` (`invalid_pdf`, `encrypted_pdf`) when the bytes are not a readable PDF.
 */
export async function pdfToDocument(bytes: Uint8Array): Promise<PdfDocument> {
  // pdf.js (about 27 MB) is imported with the first PDF, in the pool thread that reads it, not with the server.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    const encrypted = error instanceof Error && error.name === 'PasswordException';
    throw new ExtractionError(
      encrypted ? 'encrypted_pdf' : 'invalid_pdf',
      encrypted ? 'The PDF is password-protected.' : 'The document is not a readable PDF.',
      { cause: error },
    );
  }
  try {
    const pageLines: Line[][] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pageLines.push(groupIntoLines(content.items.filter((item): item is TextItem => 'str' in item)));
      page.cleanup();
    }
    const allLines = pageLines.flat();
    const bodySize = dominantFontSize(allLines);
    const levels = headingLevels(allLines, bodySize);
    const levelOf = (line: Line): number | undefined => (isHeadingLine(line, bodySize) ? levels.get(roundSize(line.fontSize)) : undefined);
    const spacing = lineSpacingRatio(pageLines, (line) => levelOf(line) === undefined);
    const blocks = pageLines.flatMap((lines) => linesToBlocks(lines, spacing, levelOf));
    const result: PdfDocument = { pages: document.numPages, text: renderText(blocks), markdown: renderMarkdown(blocks) };
    const { title, author } = await documentInfo(document);
    if (title) result.title = title;
    if (author) result.author = author;
    return result;
  } finally {
    await task.destroy();
  }
}

async function documentInfo(document: { getMetadata(): Promise<{ info: object }> }): Promise<{ title?: string; author?: string }> {
  const { info } = await document.getMetadata();
  const { Title, Author } = info as { Title?: unknown; Author?: unknown };
  return { ...infoText('title', Title), ...infoText('author', Author) };
}

function infoText<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  return text === '' ? {} : ({ [key]: text } as Partial<Record<K, string>>);
}

function groupIntoLines(items: TextItem[]): Line[] {
  const lines: Line[] = [];
  let current: { items: TextItem[]; y: number } | undefined;
  const flush = (): void => {
    if (!current) return;
    const sorted = current.items;
    let text = '';
    let lastEnd: number | undefined;
    let fontSize = 0;
    for (const item of sorted) {
      const x = item.transform[4] as number;
      const size = fontSizeOf(item);
      // A visible gap between runs is a space the PDF did not encode as a character.
      if (lastEnd !== undefined && x - lastEnd > size * 0.15 && !text.endsWith(' ') && !item.str.startsWith(' ')) text += ' ';
      text += item.str;
      lastEnd = x + item.width;
      fontSize = Math.max(fontSize, size);
    }
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (trimmed !== '') lines.push({ text: trimmed, y: current.y, x: sorted[0]?.transform[4] as number, fontSize });
    current = undefined;
  };
  for (const item of items) {
    if (item.str === '' && !item.hasEOL) continue;
    const y = item.transform[5] as number;
    const size = fontSizeOf(item);
    if (current && Math.abs(current.y - y) > size * 0.5) flush();
    if (!current) current = { items: [], y };
    if (item.str !== '') current.items.push(item);
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

function fontSizeOf(item: TextItem): number {
  const [, , c, d] = item.transform as number[];
  return Math.hypot(c ?? 0, d ?? 0) || item.height || 10;
}

/** The font size carrying the most characters: the body text. */
function dominantFontSize(lines: Line[]): number {
  const characters = new Map<number, number>();
  for (const line of lines) {
    const size = roundSize(line.fontSize);
    characters.set(size, (characters.get(size) ?? 0) + line.text.length);
  }
  let best = 10;
  let bestCount = -1;
  for (const [size, count] of characters) {
    if (count > bestCount) {
      best = size;
      bestCount = count;
    }
  }
  return best;
}

function roundSize(size: number): number {
  return Math.round(size * 2) / 2;
}

function isHeadingLine(line: Line, bodySize: number): boolean {
  return line.text.length <= MAX_HEADING_CHARACTERS && /\p{L}/u.test(line.text) && line.fontSize >= bodySize * HEADING_SIZE_RATIO;
}

/** Heading levels by rank of size over the whole document: the largest heading type is level 1. */
function headingLevels(lines: Line[], bodySize: number): Map<number, number> {
  const sizes = Array.from(new Set(lines.filter((l) => isHeadingLine(l, bodySize)).map((l) => roundSize(l.fontSize)))).sort((a, b) => b - a);
  return new Map(sizes.map((size, index) => [size, Math.min(index + 1, 6)]));
}

/**
 * The usual distance between two lines of one paragraph, as a multiple of their font size: the
 * tightest spacing that a fair share of consecutive body lines keep, over the whole document.
 * (The median of the gaps misleads where paragraphs are one to three lines long: the gaps between
 * paragraphs then outnumber those inside them, and every paragraph ran into the next.)
 */
function lineSpacingRatio(pageLines: Line[][], isBody: (line: Line) => boolean): number {
  const ratios: number[] = [];
  for (const lines of pageLines) {
    for (let i = 1; i < lines.length; i++) {
      const previous = lines[i - 1] as Line;
      const line = lines[i] as Line;
      if (!isBody(previous) || !isBody(line) || Math.abs(previous.fontSize - line.fontSize) > 0.5) continue;
      const ratio = (previous.y - line.y) / line.fontSize;
      // Closer lines overlap (sub- and superscripts, runs set apart); a line above the previous one starts a column.
      if (ratio >= 0.8 && ratio <= 4) ratios.push(ratio);
    }
  }
  if (ratios.length === 0) return DEFAULT_LINE_SPACING;
  ratios.sort((a, b) => a - b);
  const needed = Math.min(ratios.length, Math.max(2, Math.ceil(ratios.length * LINE_SPACING_MIN_SHARE)));
  let end = 0;
  for (let start = 0; start < ratios.length; start++) {
    end = Math.max(end, start);
    while (end < ratios.length && (ratios[end] as number) - (ratios[start] as number) <= SPACING_TOLERANCE) end++;
    if (end - start >= needed) return ratios[end - 1] as number;
  }
  return ratios[Math.floor(ratios.length / 2)] as number;
}

function linesToBlocks(lines: Line[], lineSpacing: number, headingLevel: (line: Line) => number | undefined): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let previous: Line | undefined;

  const flush = (): void => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', content: [{ type: 'text', text: joinLines(paragraph) }] });
    paragraph = [];
  };
  for (const line of lines) {
    const level = headingLevel(line);
    if (level !== undefined) {
      flush();
      const last = blocks[blocks.length - 1];
      // A heading set over two lines arrives as two heading lines of the same size.
      if (
        last?.type === 'heading' &&
        last.level === level &&
        previous &&
        headingLevel(previous) === level &&
        Math.abs(previous.y - line.y) < line.fontSize * 1.6
      ) {
        const first = last.content[0];
        if (first?.type === 'text') first.text += ` ${line.text}`;
      } else {
        blocks.push({ type: 'heading', level, content: [{ type: 'text', text: line.text }] });
      }
      previous = line;
      continue;
    }
    const gap = previous ? Math.abs(previous.y - line.y) : 0;
    const sizeChanged = previous !== undefined && Math.abs(previous.fontSize - line.fontSize) > 0.5;
    if (previous && (gap > lineSpacing * line.fontSize * PARAGRAPH_GAP_RATIO || sizeChanged || line.y > previous.y)) flush();
    paragraph.push(line.text);
    previous = line;
  }
  flush();
  return blocks;
}

/** Joins the lines of a paragraph, undoing end-of-line hyphenation of lower-case words. */
function joinLines(lines: string[]): string {
  let text = '';
  for (const line of lines) {
    if (text === '') text = line;
    else if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line)) text = text.slice(0, -1) + line;
    else text += ` ${line}`;
  }
  return text;
}
