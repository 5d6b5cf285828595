/** Elements that start a new block when rendered (everything else flows inline). */
export const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'listing',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'plaintext',
  'pre',
  'search',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'xmp',
  'option',
  'optgroup',
  'article',
  'frameset',
  'noframes',
]);

export const HEADING_LEVEL: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** Elements whose content is never page text (media, embedded documents, form controls). */
export const NON_CONTENT_TAGS = new Set([
  'script',
  'style',
  'template',
  'svg',
  'math',
  'canvas',
  'iframe',
  'frame',
  'object',
  'embed',
  'applet',
  'audio',
  'video',
  'source',
  'track',
  'map',
  'area',
  'input',
  'button',
  'select',
  'textarea',
  'datalist',
  'output',
  'progress',
  'meter',
  'title',
  'meta',
  'link',
  'base',
  'param',
  'dialog',
  'slot',
]);

/** Whether an element is rendered as a block: known block tags, and custom elements (which sites use as containers). */
export function isBlockTag(tag: string): boolean {
  return BLOCK_TAGS.has(tag) || tag.includes('-');
}

/** A numeric attribute (`width`, `start`, `colspan`) when it holds a positive integer. */
export function positiveIntegerAttribute(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The heading elements, `<h1>` to `<h6>`. */
export const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** HTML's void elements: never closed, never with content (as the tokenizer reports them). */
export const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
