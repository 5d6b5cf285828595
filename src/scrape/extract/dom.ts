import { parseHtmlEvents } from './html-events.js';

/**
 * A deliberately small DOM: extraction only needs tag names, attributes, children and
 * parent links. Building this from a streaming tokenizer is several times faster than a
 * spec-complete DOM (linkedom, jsdom), and parsing dominates the cost of extraction.
 */
export interface ElementNode {
  readonly kind: 'element';
  /** Lower-case tag name. */
  readonly tag: string;
  /** Lower-case attribute names; values with entities already decoded. */
  readonly attrs: Record<string, string>;
  children: DomNode[];
  parent: ElementNode | null;
}

export interface TextNode {
  readonly kind: 'text';
  /** Decoded text, whitespace as in the source. */
  value: string;
  parent: ElementNode | null;
}

export type DomNode = ElementNode | TextNode;

export interface HtmlDocument {
  /** Synthetic root holding everything the source contained (doctype and comments dropped). */
  readonly root: ElementNode;
  /** What the tree leaves out to stay within its budgets, one sentence each (usually none). */
  readonly warnings: readonly string[];
}

/**
 * Deeper elements are flattened into their ancestor at this depth (browsers cap nesting
 * similarly): every later pass recurses over the tree, and hostile pages nest without end.
 */
export const MAX_DEPTH = 400;
/**
 * Elements kept per page (large real pages hold tens of thousands); the text of later ones
 * flows into their parent. With the depth cap this bounds the work of every pass over the tree.
 */
export const MAX_ELEMENTS = 150_000;

/** Elements whose content can never be readable page content. */
const DISCARDED_WHILE_PARSING = new Set(['script', 'style', 'template']);

function createElement(tag: string, attrs: Record<string, string>, parent: ElementNode | null): ElementNode {
  return { kind: 'element', tag, attrs, children: [], parent };
}

/**
 * Parses HTML leniently (never throws on malformed markup). Scripts are kept only when they
 * carry JSON-LD, because structured data lives there; other scripts, styles and templates are
 * dropped during parsing so later passes never see them. `<noscript>` content is parsed as
 * markup (some forums and apps serve their whole content there).
 */
export function parseHtml(html: string): HtmlDocument {
  const root = createElement('#root', {}, null);
  let current = root;
  let depth = 0;
  // Depth of open discarded elements: their text and children are skipped.
  let discardDepth = 0;
  // Elements opened beyond MAX_DEPTH or MAX_ELEMENTS: their content flows into the innermost kept element.
  let flattened = 0;
  let elements = 0;
  let tooDeep = false;

  parseHtmlEvents(withoutStrayCdata(html), {
    onopentag(name, attribs) {
      if (discardDepth > 0) {
        discardDepth++;
        return;
      }
      if (DISCARDED_WHILE_PARSING.has(name) && !isJsonLdScript(name, attribs)) {
        // A streamed page's placeholder stays, empty, to show where its segment goes (`streamed-segments.ts`).
        if (isStreamPlaceholder(name, attribs) && elements < MAX_ELEMENTS) {
          elements++;
          current.children.push(createElement(name, { id: attribs['id'] ?? '' }, current));
        }
        discardDepth = 1;
        return;
      }
      if (depth >= MAX_DEPTH || elements >= MAX_ELEMENTS) {
        tooDeep ||= depth >= MAX_DEPTH;
        flattened++;
        return;
      }
      elements++;
      const element = createElement(name, attribs, current);
      current.children.push(element);
      current = element;
      depth++;
    },
    onclosetag() {
      if (discardDepth > 0) {
        discardDepth--;
        return;
      }
      if (flattened > 0) {
        flattened--;
        return;
      }
      if (current.parent) {
        current = current.parent;
        depth--;
      }
    },
    ontext(data) {
      if (discardDepth > 0) return;
      const last = current.children[current.children.length - 1];
      if (last && last.kind === 'text') {
        last.value += data;
      } else {
        current.children.push({ kind: 'text', value: data, parent: current });
      }
    },
  });
  const warnings: string[] = [];
  if (tooDeep) warnings.push(`Elements nested deeper than ${MAX_DEPTH} levels were read as text of their ancestor.`);
  if (elements >= MAX_ELEMENTS) warnings.push(`Elements beyond the first ${MAX_ELEMENTS} were read as text of their parent.`);
  return { root, warnings };
}

/**
 * Outside SVG and MathML, HTML reads `<![CDATA[` as a bogus comment ending at the next `>`;
 * htmlparser2 instead waits for `]]>`, which can swallow the rest of a page. Applying the
 * HTML rule up front keeps both readings the same. Script-wrapped markers (`//<![CDATA[`)
 * are left alone: they sit in raw text, where they mean nothing.
 */
function withoutStrayCdata(html: string): string {
  if (!html.includes('<![CDATA[')) return html;
  return html.replace(/(?<!\/\*\s*|\/\/\s*)<!\[CDATA\[[^>]*>/g, '');
}

/** React's placeholders for streamed content: `<template id="B:0">` (a boundary), `<template id="P:2e">` (numbered in hexadecimal). */
function isStreamPlaceholder(tag: string, attrs: Record<string, string>): boolean {
  return tag === 'template' && /^[BP]:[0-9a-f]+$/.test(attrs['id'] ?? '');
}

function isJsonLdScript(tag: string, attrs: Record<string, string>): boolean {
  return tag === 'script' && (attrs['type'] ?? '').trim().toLowerCase() === 'application/ld+json';
}

/** Concatenated text of all descendants, as in the source (no whitespace normalisation). */
export function textContent(node: DomNode): string {
  if (node.kind === 'text') return node.value;
  const parts: string[] = [];
  collectText(node, parts);
  return parts.join('');
}

function collectText(element: ElementNode, parts: string[]): void {
  for (const child of element.children) {
    if (child.kind === 'text') parts.push(child.value);
    else collectText(child, parts);
  }
}

/** Depth-first, document-order list of elements below `root` matching `predicate`. */
export function findAll(root: ElementNode, predicate: (element: ElementNode) => boolean): ElementNode[] {
  const found: ElementNode[] = [];
  const stack: ElementNode[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as ElementNode;
    if (element !== root && predicate(element)) found.push(element);
    for (let i = element.children.length - 1; i >= 0; i--) {
      const child = element.children[i];
      if (child && child.kind === 'element') stack.push(child);
    }
  }
  return found;
}

export function findFirst(root: ElementNode, predicate: (element: ElementNode) => boolean): ElementNode | undefined {
  const stack: ElementNode[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as ElementNode;
    if (element !== root && predicate(element)) return element;
    for (let i = element.children.length - 1; i >= 0; i--) {
      const child = element.children[i];
      if (child && child.kind === 'element') stack.push(child);
    }
  }
  return undefined;
}

export function elementChildren(element: ElementNode): ElementNode[] {
  const result: ElementNode[] = [];
  for (const child of element.children) if (child.kind === 'element') result.push(child);
  return result;
}

export function removeNode(node: DomNode): void {
  const parent = node.parent;
  if (!parent) return;
  const index = parent.children.indexOf(node);
  if (index >= 0) parent.children.splice(index, 1);
  node.parent = null;
}

/** Moves `source`'s children to where `target` stands; `target` and the emptied `source` leave the tree. */
export function replaceWithChildrenOf(target: DomNode, source: ElementNode): void {
  const parent = target.parent;
  if (!parent) return;
  const moved = source.children;
  source.children = [];
  removeNode(source);
  for (const node of moved) node.parent = parent;
  parent.children.splice(parent.children.indexOf(target), 1, ...moved);
  target.parent = null;
}

/** What makes siblings alike: the same tag and the same class attribute (cards of a grid, rows of a list). */
export function alikeKey(element: ElementNode): string {
  return `${element.tag}.${(element.attrs['class'] ?? '').trim()}`;
}

/** Tag and first class: what alike items of a listing share (their other classes number or tag them). */
export function itemKey(element: ElementNode): string {
  return `${element.tag}.${(element.attrs['class'] ?? '').trim().split(/\s+/)[0] ?? ''}`;
}

export function isDescendantOf(node: DomNode, ancestor: ElementNode): boolean {
  for (let p = node.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}
