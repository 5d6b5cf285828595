/**
 * Firecrawl's `html` format: the page's `<body>` without scripts, styles, templates, `<noscript>`,
 * preload links and comments, written back as HTML. Built on the extractor's streaming parser
 * (`parseHtmlEvents`, amortised O(1) per tag) instead of a full DOM, so the work grows linearly
 * with the page: a DOM's serialisation of 200 000 nested elements took close to a minute.
 * The server runs it in the worker pool all the same (`offload/pool.ts`), as every parse of a page.
 */
import { parseHtmlEvents } from './extract/html-events.js';
import { VOID_ELEMENTS } from './extract/html-tags.js';
import { escapeText, writeAttributes } from './extract/html-writer.js';

/** Elements whose whole content is left out. */
const DROPPED = new Set(['script', 'style', 'noscript', 'template']);
const PRELOAD_RELS = new Set(['preload', 'modulepreload']);

export function cleanHtml(html: string): string {
  // Everything inside <html> (used when the page has no <body>), and the first <body>'s content.
  const whole: string[] = [];
  const body: string[] = [];
  let bodyState: 'before' | 'inside' | 'after' = 'before';
  let bodyDepth = 0;
  let dropDepth = 0;
  const write = (markup: string): void => {
    whole.push(markup);
    if (bodyState === 'inside') body.push(markup);
  };

  parseHtmlEvents(html, {
    onopentag(name, attrs) {
      if (dropDepth > 0 || DROPPED.has(name) || (name === 'link' && isPreload(attrs))) {
        // Void elements get their close event at once, which evens out the count.
        dropDepth++;
        return;
      }
      if (name === 'html') return;
      if (name === 'body') {
        if (bodyState === 'before') bodyState = 'inside';
        if (bodyState === 'inside') bodyDepth++;
        return;
      }
      write(`<${name}${writeAttributes(attrs)}>`);
    },
    onclosetag(name) {
      if (dropDepth > 0) {
        dropDepth--;
        return;
      }
      if (name === 'html') return;
      if (name === 'body') {
        if (bodyState === 'inside' && --bodyDepth === 0) bodyState = 'after';
        return;
      }
      if (!VOID_ELEMENTS.has(name)) write(`</${name}>`);
    },
    ontext(text) {
      // Text arrives decoded (the only raw-text elements, scripts and styles, are dropped): escaped again.
      if (dropDepth === 0) write(escapeText(text));
    },
  });
  return (bodyState === 'before' ? whole : body).join('').trim();
}

function isPreload(attrs: Record<string, string>): boolean {
  return (attrs['rel'] ?? '')
    .toLowerCase()
    .split(/\s+/)
    .some((rel) => PRELOAD_RELS.has(rel));
}
