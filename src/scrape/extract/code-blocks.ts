import { type DomNode, type ElementNode, elementChildren } from './dom.js';
import type { FlowSink } from './flow-sink.js';
import { NON_CONTENT_TAGS } from './html-tags.js';

/** Text of a preformatted element: line breaks from `<br>` and block children are kept. */
function preformattedText(element: ElementNode): string {
  const parts: string[] = [];
  let endsWithNewline = true;
  let empty = true;
  const append = (text: string): void => {
    if (text === '') return;
    parts.push(text);
    empty = false;
    endsWithNewline = text.endsWith('\n');
  };
  // Iterative, in document order: children are pushed in reverse.
  const pending: DomNode[] = [...element.children].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.kind === 'text') {
      append(node.value);
      continue;
    }
    if (node.tag === 'br') {
      append('\n');
      continue;
    }
    if (NON_CONTENT_TAGS.has(node.tag)) continue;
    const block = node.tag === 'div' || node.tag === 'p' || node.tag === 'li' || node.tag === 'tr';
    if (block && !empty && !endsWithNewline) append('\n');
    for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i] as DomNode);
  }
  return parts.join('');
}

export function inlineCodeText(element: ElementNode): string {
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

/** A `<pre>` (or `<listing>`, `<xmp>`, `<plaintext>`) as a fenced code block, its language guessed from classes. */
export function addCodeBlock(element: ElementNode, sink: FlowSink): void {
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
