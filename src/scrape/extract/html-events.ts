import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { VOID_ELEMENTS } from './html-tags.js';

/**
 * htmlparser2's `Parser`, HTML mode only, with its open-element stack kept top-last. The
 * original keeps the top first (`unshift`/`shift`/`indexOf`), which costs a copy of the whole
 * stack per tag: a 1 MB page of unclosed `<div>`s took tens of seconds of one CPU to parse.
 * Here every tag costs amortised O(1): elements are pushed and popped at the end, a close tag
 * for an element that is not open is answered from a count without scanning, and a scan for
 * an open one pops every element it passes. Events are those of the original (same implied
 * opens and closes, same attribute and entity handling), so the tree built from them is too.
 */
export interface HtmlEvents {
  onopentag(name: string, attrs: Record<string, string>): void;
  onclosetag(name: string): void;
  ontext(text: string): void;
}

const P_TAG = new Set(['p']);
const FORM_TAGS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const TABLE_SECTION_TAGS = new Set(['thead', 'tbody']);
const DD_DT_TAGS = new Set(['dd', 'dt']);
const RT_RP_TAGS = new Set(['rt', 'rp']);
const OPEN_IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((tag) => [tag, FORM_TAGS] as const),
  ...['dd', 'dt'].map((tag) => [tag, DD_DT_TAGS] as const),
  ...['rt', 'rp'].map((tag) => [tag, RT_RP_TAGS] as const),
  ...['tbody', 'tfoot'].map((tag) => [tag, TABLE_SECTION_TAGS] as const),
  ...[
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((tag) => [tag, P_TAG] as const),
]);
const FOREIGN_CONTEXT_ELEMENTS = new Set(['math', 'svg']);
const HTML_INTEGRATION_ELEMENTS = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);

/** The tokenizer already maps invalid references to U+FFFD; this keeps a stray one from throwing. */
function characterOf(codePoint: number): string {
  return codePoint >= 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\ufffd';
}

/** Tokenizes `html` (entities decoded, names lower-cased) and reports balanced element events. */
export function parseHtmlEvents(html: string, events: HtmlEvents): void {
  const stack: string[] = [];
  // How many times each name is on the stack: a close tag for a name not open is dropped unscanned.
  const openCount = new Map<string, number>();
  const foreignContext: boolean[] = [false];
  let tagName = '';
  let attrs: Record<string, string> | null = null;
  let attrName = '';
  let attrValue = '';

  const slice = (start: number, end: number): string => html.slice(start, end);
  const push = (name: string): void => {
    stack.push(name);
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
  };
  const pop = (): void => {
    const name = stack.pop() as string;
    openCount.set(name, (openCount.get(name) ?? 1) - 1);
    events.onclosetag(name);
  };

  const emitOpenTag = (name: string): void => {
    tagName = name;
    const impliesClose = OPEN_IMPLIES_CLOSE.get(name);
    if (impliesClose) while (stack.length > 0 && impliesClose.has(stack[stack.length - 1] as string)) pop();
    if (!VOID_ELEMENTS.has(name)) {
      push(name);
      if (FOREIGN_CONTEXT_ELEMENTS.has(name)) foreignContext.push(true);
      else if (HTML_INTEGRATION_ELEMENTS.has(name)) foreignContext.push(false);
    }
    attrs = {};
  };
  const endOpenTag = (): void => {
    if (attrs) {
      events.onopentag(tagName, attrs);
      attrs = null;
    }
    if (VOID_ELEMENTS.has(tagName)) events.onclosetag(tagName);
    tagName = '';
  };
  const closeCurrentTag = (): void => {
    const name = tagName;
    endOpenTag();
    if (stack[stack.length - 1] === name) pop();
  };

  const callbacks: TokenizerCallbacks = {
    ontext: (start, end) => events.ontext(slice(start, end)),
    ontextentity: (codePoint) => events.ontext(characterOf(codePoint)),
    onopentagname: (start, end) => emitOpenTag(slice(start, end).toLowerCase()),
    onopentagend: () => endOpenTag(),
    onselfclosingtag: () => {
      if (foreignContext[foreignContext.length - 1]) closeCurrentTag();
      else endOpenTag();
    },
    onclosetag(start, end) {
      const name = slice(start, end).toLowerCase();
      if ((FOREIGN_CONTEXT_ELEMENTS.has(name) || HTML_INTEGRATION_ELEMENTS.has(name)) && foreignContext.length > 0) foreignContext.pop();
      if (VOID_ELEMENTS.has(name)) {
        if (name === 'br') {
          events.onopentag('br', {});
          events.onclosetag('br');
        }
        return;
      }
      if ((openCount.get(name) ?? 0) > 0) {
        while (stack.length > 0 && stack[stack.length - 1] !== name) pop();
        pop();
      } else if (name === 'p') {
        // `</p>` without an open `<p>` is an empty paragraph, as browsers read it.
        emitOpenTag('p');
        closeCurrentTag();
      }
    },
    onattribname: (start, end) => {
      attrName = slice(start, end).toLowerCase();
    },
    onattribdata: (start, end) => {
      attrValue += slice(start, end);
    },
    onattribentity: (codePoint) => {
      attrValue += characterOf(codePoint);
    },
    onattribend: (quote: QuoteType) => {
      void quote;
      if (attrs && !Object.prototype.hasOwnProperty.call(attrs, attrName)) attrs[attrName] = attrValue;
      attrValue = '';
    },
    oncdata: () => undefined,
    oncomment: () => undefined,
    ondeclaration: () => undefined,
    onprocessinginstruction: () => undefined,
    onend: () => {
      while (stack.length > 0) pop();
    },
  };
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
}
