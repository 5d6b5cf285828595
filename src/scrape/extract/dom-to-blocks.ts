import type { Block, Inline, InlineContainer } from './blocks.js';
import { hasVisibleContent } from './blocks.js';
import { type DomNode, type ElementNode, elementChildren } from './dom.js';
import { HEADING_LEVEL, NON_CONTENT_TAGS, isBlockTag } from './html-tags.js';
import { isLayoutTable, tableRows } from './tables.js';
import { bestFromSrcset, resolveUrl } from './url.js';

export interface BlockBuildContext {
  /** Base for relative links and images. */
  baseUrl: string;
}

type ContainerKind = 'strong' | 'emphasis' | 'strike';

const INLINE_CONTAINER: Record<string, ContainerKind> = {
  strong: 'strong', b: 'strong',
  em: 'emphasis', i: 'emphasis', cite: 'emphasis', dfn: 'emphasis',
  s: 'strike', del: 'strike', strike: 'strike',
};

const INLINE_CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt', 'var']);

/**
 * Collects inline content and cuts it into blocks. Inline containers left open across a block
 * boundary (`<b><div>…</div></b>`, sadly common) are closed at the boundary and re-opened after
 * it, so every emitted block is well formed.
 */
interface FlowSink {
  readonly blocks: Block[];
  addInline(inline: Inline): void;
  open(container: InlineContainer): void;
  close(): void;
  /** Ends the current paragraph (if it shows anything) and starts a new one. */
  endParagraph(): void;
  addBlock(block: Block): void;
}

function createFlowSink(): FlowSink {
  const blocks: Block[] = [];
  let root: Inline[] = [];
  const openContainers: InlineContainer[] = [];
  const top = (): Inline[] => openContainers[openContainers.length - 1]?.children ?? root;

  const reopen = (): void => {
    let parent = root;
    for (let i = 0; i < openContainers.length; i++) {
      const original = openContainers[i] as InlineContainer;
      const copy: InlineContainer = { ...original, children: [] };
      parent.push(copy);
      openContainers[i] = copy;
      parent = copy.children;
    }
  };

  const endParagraph = (): void => {
    if (hasVisibleContent(root)) blocks.push({ type: 'paragraph', content: root });
    root = [];
    reopen();
  };

  return {
    blocks,
    addInline: (inline) => top().push(inline),
    open: (container) => {
      top().push(container);
      openContainers.push(container);
    },
    close: () => {
      openContainers.pop();
    },
    endParagraph,
    addBlock: (block) => {
      endParagraph();
      blocks.push(block);
    },
  };
}

export function buildBlocks(container: ElementNode, context: BlockBuildContext): Block[] {
  return buildBlocksFromNodes(container.children, context);
}

function buildBlocksFromNodes(nodes: readonly DomNode[], context: BlockBuildContext): Block[] {
  const sink = createFlowSink();
  for (const node of nodes) walkNode(node, sink, context);
  sink.endParagraph();
  return sink.blocks;
}

function walkChildren(element: ElementNode, sink: FlowSink, context: BlockBuildContext): void {
  for (const child of element.children) walkNode(child, sink, context);
}

function walkNode(node: DomNode, sink: FlowSink, context: BlockBuildContext): void {
  if (node.kind === 'text') {
    if (node.value !== '') sink.addInline({ type: 'text', text: node.value });
    return;
  }
  const { tag } = node;
  if (NON_CONTENT_TAGS.has(tag)) return;

  const headingLevel = HEADING_LEVEL[tag];
  if (headingLevel !== undefined) {
    const content = collectInlines(node, context);
    if (hasVisibleContent(content)) sink.addBlock({ type: 'heading', level: headingLevel, content });
    else sink.endParagraph();
    return;
  }

  switch (tag) {
    case 'br':
      sink.addInline({ type: 'break' });
      return;
    case 'wbr':
      return;
    case 'hr':
      sink.addBlock({ type: 'rule' });
      return;
    case 'img':
      addImage(node, sink, context);
      return;
    case 'pre':
    case 'listing':
    case 'xmp':
    case 'plaintext':
      addCodeBlock(node, sink);
      return;
    case 'ul':
    case 'ol':
    case 'menu':
    case 'dir':
      addList(node, sink, context);
      return;
    case 'table':
      addTable(node, sink, context);
      return;
    case 'blockquote': {
      const blocks = buildBlocks(node, context);
      if (blocks.length > 0) sink.addBlock({ type: 'quote', blocks });
      return;
    }
    case 'a':
      addLink(node, sink, context);
      return;
    default:
      break;
  }

  if (INLINE_CODE_TAGS.has(tag) && !hasBlockDescendant(node)) {
    const text = inlineCodeText(node);
    if (text.trim() !== '') sink.addInline({ type: 'code', text });
    return;
  }

  const containerKind = INLINE_CONTAINER[tag];
  if (containerKind !== undefined) {
    sink.open({ type: containerKind, children: [] });
    walkChildren(node, sink, context);
    sink.close();
    return;
  }

  if (isBlockTag(tag)) {
    sink.endParagraph();
    walkChildren(node, sink, context);
    sink.endParagraph();
    return;
  }
  walkChildren(node, sink, context);
}

function hasBlockDescendant(element: ElementNode): boolean {
  for (const child of element.children) {
    if (child.kind === 'element' && (isBlockTag(child.tag) || HEADING_LEVEL[child.tag] !== undefined || child.tag === 'img' || hasBlockDescendant(child))) {
      return true;
    }
  }
  return false;
}

/** Inline content of an element, with block boundaries inside it flattened to spaces. */
export function collectInlines(element: ElementNode, context: BlockBuildContext): Inline[] {
  const blocks = buildBlocks(element, context);
  const result: Inline[] = [];
  const append = (list: Block[]): void => {
    for (const block of list) {
      if (result.length > 0) result.push({ type: 'text', text: ' ' });
      switch (block.type) {
        case 'heading':
        case 'paragraph':
          result.push(...block.content);
          break;
        case 'list':
          for (const item of block.items) append(item);
          break;
        case 'table':
          for (const row of block.rows) for (const cell of row) {
            result.push(...cell, { type: 'text', text: ' ' });
          }
          break;
        case 'code':
          result.push({ type: 'code', text: block.text.replace(/\s+/g, ' ') });
          break;
        case 'quote':
          append(block.blocks);
          break;
        case 'rule':
          break;
      }
    }
  };
  append(blocks);
  return result;
}

function addLink(element: ElementNode, sink: FlowSink, context: BlockBuildContext): void {
  const url = resolveUrl(element.attrs['href'], context.baseUrl);
  if (url === undefined) {
    walkChildren(element, sink, context);
    return;
  }
  if (hasBlockDescendant(element) && containsBlockTag(element)) {
    // A card wrapped in one link: render its blocks, linking the headings and paragraphs it holds.
    const blocks = buildBlocks(element, context);
    sink.endParagraph();
    for (const block of blocks) sink.addBlock(linkBlock(block, url));
    return;
  }
  const link: InlineContainer = { type: 'link', url, children: [] };
  const title = element.attrs['title']?.trim();
  if (title) link.title = title;
  sink.open(link);
  walkChildren(element, sink, context);
  sink.close();
}

function containsBlockTag(element: ElementNode): boolean {
  for (const child of elementChildren(element)) {
    if (isBlockTag(child.tag) || HEADING_LEVEL[child.tag] !== undefined || containsBlockTag(child)) return true;
  }
  return false;
}

function linkBlock(block: Block, url: string): Block {
  if ((block.type === 'heading' || block.type === 'paragraph') && !containsLink(block.content)) {
    return { ...block, content: [{ type: 'link', url, children: block.content }] };
  }
  return block;
}

function containsLink(inlines: Inline[]): boolean {
  return inlines.some((i) => i.type === 'link' || ('children' in i && containsLink(i.children)));
}

const LAZY_IMAGE_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-url', 'data-hi-res-src', 'data-full-src'];

function imageSource(element: ElementNode): string | undefined {
  for (const attribute of LAZY_IMAGE_ATTRIBUTES) {
    const value = element.attrs[attribute];
    if (value && !value.startsWith('data:')) return value;
  }
  const src = element.attrs['src'];
  if (src && !src.startsWith('data:')) return src;
  const srcset = element.attrs['srcset'] ?? element.attrs['data-srcset'];
  return srcset ? bestFromSrcset(srcset) : undefined;
}

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function addImage(element: ElementNode, sink: FlowSink, context: BlockBuildContext): void {
  const url = resolveUrl(imageSource(element), context.baseUrl);
  if (url === undefined) return;
  const width = positiveInteger(element.attrs['width']);
  const height = positiveInteger(element.attrs['height']);
  // Tracking pixels and spacers are not images anyone wants back.
  if ((width !== undefined && width <= 2) || (height !== undefined && height <= 2)) return;
  const image: Inline = { type: 'image', url, alt: (element.attrs['alt'] ?? '').replace(/\s+/g, ' ').trim() };
  if (width !== undefined) image.width = width;
  if (height !== undefined) image.height = height;
  sink.addInline(image);
}

/** Text of a preformatted element: line breaks from `<br>` and block children are kept. */
function preformattedText(element: ElementNode): string {
  let out = '';
  const visit = (node: DomNode): void => {
    if (node.kind === 'text') {
      out += node.value;
      return;
    }
    if (node.tag === 'br') {
      out += '\n';
      return;
    }
    if (NON_CONTENT_TAGS.has(node.tag)) return;
    const block = (node.tag === 'div' || node.tag === 'p' || node.tag === 'li' || node.tag === 'tr') && out !== '' && !out.endsWith('\n');
    if (block) out += '\n';
    for (const child of node.children) visit(child);
  };
  for (const child of element.children) visit(child);
  return out;
}

function inlineCodeText(element: ElementNode): string {
  return preformattedText(element).replace(/\s+/g, ' ');
}

const LANGUAGE_CLASS = /(?:^|\s)(?:language|lang|highlight|brush|hljs|sourceCode)[-:]\s*([a-z0-9_+#.-]+)/i;
const NOT_A_LANGUAGE = new Set(['none', 'plaintext', 'text', 'plain', 'nohighlight', 'source', 'block']);

function codeLanguage(pre: ElementNode): string | undefined {
  const code = elementChildren(pre).find((c) => c.tag === 'code');
  const candidates = [pre, code, pre.parent, pre.parent?.parent].filter((e): e is ElementNode => e !== undefined && e !== null);
  for (const element of candidates) {
    const explicit = element.attrs['data-lang'] ?? element.attrs['data-language'] ?? element.attrs['lang'];
    const fromClass = LANGUAGE_CLASS.exec(element.attrs['class'] ?? '')?.[1];
    const language = (element === pre || element === code ? explicit : undefined) ?? fromClass;
    if (language && !NOT_A_LANGUAGE.has(language.toLowerCase()) && /^[a-z0-9_+#.-]{1,30}$/i.test(language)) return language.toLowerCase();
  }
  return undefined;
}

function addCodeBlock(element: ElementNode, sink: FlowSink): void {
  const text = preformattedText(element)
    .replace(/\r\n?/g, '\n')
    .replace(/^\s*\n/, '')
    .replace(/\s+$/, '')
    // Runs of blank lines carry no meaning in code either, and would break the one-blank-line layout.
    .replace(/\n([ \t]*\n){2,}/g, '\n\n');
  if (text.trim() === '') return;
  const language = codeLanguage(element);
  sink.addBlock(language ? { type: 'code', language, text } : { type: 'code', text });
}

function addList(element: ElementNode, sink: FlowSink, context: BlockBuildContext): void {
  const items: Block[][] = [];
  for (const child of element.children) {
    if (child.kind === 'text') {
      if (child.value.trim() !== '') items.push([{ type: 'paragraph', content: [{ type: 'text', text: child.value }] }]);
      continue;
    }
    if (NON_CONTENT_TAGS.has(child.tag)) continue;
    const blocks = child.tag === 'li' ? buildBlocks(child, context) : buildBlocksFromNodes([child], context);
    if (blocks.length > 0) items.push(blocks);
  }
  if (items.length === 0) return;
  const ordered = element.tag === 'ol';
  const start = ordered ? (positiveInteger(element.attrs['start']) ?? 1) : 1;
  sink.addBlock({ type: 'list', ordered, start, items });
}

function addTable(table: ElementNode, sink: FlowSink, context: BlockBuildContext): void {
  const rows = tableRows(table);
  if (isLayoutTable(table, rows)) {
    sink.endParagraph();
    for (const row of rows) for (const cell of row) {
      sink.endParagraph();
      walkChildren(cell, sink, context);
    }
    for (const caption of elementChildren(table).filter((c) => c.tag === 'caption')) {
      sink.endParagraph();
      walkChildren(caption, sink, context);
    }
    sink.endParagraph();
    return;
  }
  const caption = elementChildren(table).find((c) => c.tag === 'caption');
  if (caption) {
    const content = collectInlines(caption, context);
    if (hasVisibleContent(content)) sink.addBlock({ type: 'paragraph', content });
  }
  const grid: Inline[][][] = [];
  for (const row of rows) {
    const cells: Inline[][] = [];
    for (const cell of row) {
      cells.push(collectInlines(cell, context));
      const span = Math.min(positiveInteger(cell.attrs['colspan']) ?? 1, 50);
      for (let i = 1; i < span; i++) cells.push([]);
    }
    if (cells.some((c) => hasVisibleContent(c))) grid.push(cells);
  }
  if (grid.length === 0) return;
  const width = Math.max(...grid.map((r) => r.length));
  for (const row of grid) while (row.length < width) row.push([]);
  const firstRow = rows[0] ?? [];
  const headerRow = firstRow.length > 0 && firstRow.every((cell) => cell.tag === 'th' || cell.parent?.parent?.tag === 'thead' || cell.parent?.tag === 'thead');
  sink.addBlock({ type: 'table', rows: grid, headerRow });
}
