/**
 * The DOM → blocks walker: decides what each element becomes (heading, paragraph flow, link,
 * list, table, quote, code, image). How inline runs are cut into blocks is `flow-sink.ts`; code,
 * images, lists and tables have files of their own. Recursion follows the DOM, whose depth the
 * parser caps (`MAX_DEPTH` in `dom.ts`).
 */
import type { Block, Inline, InlineContainer } from './blocks.js';
import { hasVisibleContent } from './blocks.js';
import { addCodeBlock, inlineCodeText } from './code-blocks.js';
import { type DomNode, type ElementNode, elementChildren } from './dom.js';
import { createFlowSink, type FlowSink } from './flow-sink.js';
import { HEADING_LEVEL, NON_CONTENT_TAGS, isBlockTag } from './html-tags.js';
import { addImage } from './image-inline.js';
import { addList, addTable, type BlockWalker } from './list-table-blocks.js';
import { resolveUrl } from './url.js';

export interface BlockBuildContext {
  /** Base for relative links and images. */
  baseUrl: string;
}

type ContainerKind = 'strong' | 'emphasis' | 'strike';

const INLINE_CONTAINER: Record<string, ContainerKind> = {
  strong: 'strong',
  b: 'strong',
  em: 'emphasis',
  i: 'emphasis',
  cite: 'emphasis',
  dfn: 'emphasis',
  s: 'strike',
  del: 'strike',
  strike: 'strike',
};

const INLINE_CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt', 'var']);

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

function walkerFor(context: BlockBuildContext): BlockWalker {
  return {
    blocksOf: (nodes) => buildBlocksFromNodes(nodes, context),
    inlinesOf: (element) => collectInlines(element, context),
    walkChildren: (element, sink) => walkChildren(element, sink, context),
  };
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
      addImage(node, sink, context.baseUrl);
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
      addList(node, sink, walkerFor(context));
      return;
    case 'table':
      addTable(node, sink, walkerFor(context));
      return;
    case 'blockquote': {
      const blocks = buildBlocks(node, context);
      if (blocks.length > 0) sink.addBlock({ type: 'quote', blocks });
      return;
    }
    case 'a':
      addLink(node, sink, context);
      return;
    case 'figcaption':
      // A line of its own under the picture, set in italics as captions are.
      sink.endParagraph();
      sink.open({ type: 'emphasis', children: [] });
      walkChildren(node, sink, context);
      sink.close();
      sink.endParagraph();
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

/** Whether any element below matches; iterative, stopping at the first match. */
function someDescendant(element: ElementNode, matches: (child: ElementNode) => boolean): boolean {
  const pending: ElementNode[] = elementChildren(element);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (matches(next)) return true;
    for (const child of next.children) if (child.kind === 'element') pending.push(child);
  }
  return false;
}

function hasBlockDescendant(element: ElementNode): boolean {
  return someDescendant(element, (child) => isBlockTag(child.tag) || HEADING_LEVEL[child.tag] !== undefined || child.tag === 'img');
}

function containsBlockTag(element: ElementNode): boolean {
  return someDescendant(element, (child) => isBlockTag(child.tag) || HEADING_LEVEL[child.tag] !== undefined);
}

/** Inline content of an element, with block boundaries inside it flattened to spaces. */
export function collectInlines(element: ElementNode, context: BlockBuildContext): Inline[] {
  const result: Inline[] = [];
  // Pushed one by one: spreading a long list as arguments overflows the stack.
  const add = (inlines: readonly Inline[]): void => {
    for (const inline of inlines) result.push(inline);
  };
  const append = (list: readonly Block[]): void => {
    for (const block of list) {
      if (result.length > 0) result.push({ type: 'text', text: ' ' });
      switch (block.type) {
        case 'heading':
        case 'paragraph':
          add(block.content);
          break;
        case 'list':
          for (const item of block.items) append(item);
          break;
        case 'table':
          for (const row of block.rows)
            for (const cell of row) {
              add(cell);
              result.push({ type: 'text', text: ' ' });
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
  append(buildBlocks(element, context));
  return result;
}

function addLink(element: ElementNode, sink: FlowSink, context: BlockBuildContext): void {
  const url = resolveUrl(element.attrs['href'], context.baseUrl);
  if (url === undefined) {
    walkChildren(element, sink, context);
    return;
  }
  if (containsBlockTag(element)) {
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

function linkBlock(block: Block, url: string): Block {
  if ((block.type === 'heading' || block.type === 'paragraph') && !containsLink(block.content)) {
    return { ...block, content: [{ type: 'link', url, children: block.content }] };
  }
  return block;
}

function containsLink(inlines: readonly Inline[]): boolean {
  const pending: Inline[] = [...inlines];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.type === 'link') return true;
    if ('children' in next) for (const child of next.children) pending.push(child);
  }
  return false;
}
