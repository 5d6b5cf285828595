import type { Inline } from './blocks.js';

/**
 * Reads the inline syntax of a Markdown document (code spans, links, images, autolinks, HTML
 * tags, emphasis, hard breaks, escapes) into inline runs, so its plain text is the words
 * without the marks. Lenient rather than CommonMark-exact: what it does not recognise stays
 * text. Linear: every search for a closing mark remembers where it ended, so a page of
 * unclosed brackets or backticks is not searched once per opening.
 */
export function parseMarkdownInlines(source: string): Inline[] {
  return new InlineReader(source).read(0, source.length);
}

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;
const EMPHASIS = new Set(['*', '_', '~']);
const ORDINARY_RUN = /[^\\`[!<*_~\n]*/y;
const TAG = /^<\/?[a-zA-Z][a-zA-Z0-9-]*(\s[^<>]*)?\/?>$/;
const AUTOLINK = /^<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>@]+)>$/;
/** A tag or autolink is short: the search for its `>` stops here. */
const ANGLE_MAX = 300;

/**
 * For every `open` character, the position of the `close` that matches it (nesting counted,
 * escaped ones skipped), or -1: one pass with a stack, so links inside links
 * (`[![badge](b.svg)](ci)`) and brackets inside URLs (`Pit_(mine)`) find their ends.
 */
function matchingPairs(source: string, open: string, close: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === open) stack.push(i);
    else if (c === close && stack.length > 0) pairs.set(stack.pop() as number, i);
  }
  return pairs;
}

class InlineReader {
  /** Closing positions already found (or -1 for "none further on"), per mark and starting point. */
  private readonly nextIndex = new Map<string, { from: number; at: number }>();
  /** Backtick runs of these lengths have no closing run further on. */
  private readonly unclosedTicks = new Set<number>();
  private readonly brackets: Map<number, number>;
  private readonly parens: Map<number, number>;

  constructor(private readonly source: string) {
    this.brackets = matchingPairs(source, '[', ']');
    this.parens = matchingPairs(source, '(', ')');
  }

  /** The first `mark` at or after `from`, reusing the last search when it covers `from`. */
  private find(mark: string, from: number): number {
    const last = this.nextIndex.get(mark);
    if (last !== undefined && from >= last.from && (last.at === -1 || from <= last.at)) return last.at;
    const at = this.source.indexOf(mark, from);
    this.nextIndex.set(mark, { from, at });
    return at;
  }

  read(start: number, end: number): Inline[] {
    const out: Inline[] = [];
    let text = '';
    const flush = (): void => {
      if (text !== '') out.push({ type: 'text', text });
      text = '';
    };
    const s = this.source;
    let i = start;
    while (i < end) {
      const c = s[i] as string;
      if (c === '\\' && i + 1 < end && PUNCTUATION.test(s[i + 1] as string)) {
        text += s[i + 1];
        i += 2;
      } else if (c === '\\' && s[i + 1] === '\n') {
        flush();
        out.push({ type: 'break' });
        i += 2;
      } else if (c === '`') {
        let run = 1;
        while (s[i + run] === '`') run++;
        const close = this.closingTicks(i + run, run, end);
        if (close < 0) {
          text += s.slice(i, i + run);
          i += run;
        } else {
          flush();
          out.push({
            type: 'code',
            text: s
              .slice(i + run, close)
              .replace(/\s+/g, ' ')
              .trim(),
          });
          i = close + run;
        }
      } else if (c === '[' || (c === '!' && s[i + 1] === '[')) {
        const consumed = this.link(i, end, out, flush);
        if (consumed > i) i = consumed;
        else {
          text += c;
          i++;
        }
      } else if (c === '<') {
        const close = this.find('>', i + 1);
        const inner = close > 0 && close < end && close - i <= ANGLE_MAX ? s.slice(i, close + 1) : '';
        const autolink = AUTOLINK.exec(inner);
        if (autolink) text += autolink[1];
        else if (!TAG.test(inner)) text += c;
        i = autolink || TAG.test(inner) ? close + 1 : i + 1;
      } else if (EMPHASIS.has(c)) {
        let run = 1;
        while (s[i + run] === c) run++;
        // A run of marks opening or closing a word is emphasis; "2 * 3", "2*3" and snake_case are text.
        const before = i > start ? (s[i - 1] as string) : ' ';
        const after = i + run < end ? (s[i + run] as string) : ' ';
        const opens = /[\s\p{P}\p{S}]/u.test(before) && !/\s/.test(after);
        const closes = !/\s/.test(before) && /[\s\p{P}\p{S}]/u.test(after);
        if (!(opens || closes) || (c === '~' && run === 1)) text += s.slice(i, i + run);
        i += run;
      } else if (c === '\n') {
        // Two trailing spaces make a hard break; any other line end is a space.
        if (text.endsWith('  ')) {
          flush();
          out.push({ type: 'break' });
        } else text += '\n';
        i++;
      } else {
        // Ordinary characters are copied a run at a time, up to the next one that may be a mark.
        ORDINARY_RUN.lastIndex = i;
        const run = ORDINARY_RUN.exec(s);
        const stop = Math.min(end, run ? ORDINARY_RUN.lastIndex : i + 1);
        text += s.slice(i, Math.max(stop, i + 1));
        i = Math.max(stop, i + 1);
      }
    }
    flush();
    return out;
  }

  private closingTicks(from: number, run: number, end: number): number {
    if (this.unclosedTicks.has(run)) return -1;
    const s = this.source;
    let at = from;
    for (;;) {
      const found = s.indexOf('`'.repeat(run), at);
      if (found < 0 || found >= end) {
        if (found < 0) this.unclosedTicks.add(run);
        return -1;
      }
      let length = run;
      while (s[found + length] === '`') length++;
      if (length === run && s[found - 1] !== '`') return found;
      at = found + length;
    }
  }

  /** `[text](url)`, `![alt](url)`, `[text][ref]`: the position after it, or `start` when it is none. */
  private link(start: number, end: number, out: Inline[], flush: () => void): number {
    const s = this.source;
    const image = s[start] === '!';
    const open = image ? start + 1 : start;
    const close = this.brackets.get(open) ?? -1;
    if (close < 0 || close >= end) return start;
    let after = close + 1;
    let url = '';
    if (s[after] === '(') {
      const paren = this.parens.get(after) ?? -1;
      if (paren < 0 || paren >= end) return start;
      url = s
        .slice(after + 1, paren)
        .trim()
        .split(/\s+/)[0]!
        .replace(/^<|>$/g, '');
      after = paren + 1;
    } else if (s[after] === '[') {
      const reference = this.brackets.get(after) ?? -1;
      if (reference < 0 || reference >= end) return start;
      after = reference + 1;
    } else if (image) return start;
    flush();
    if (image) out.push({ type: 'image', url, alt: s.slice(open + 1, close) });
    else out.push({ type: 'link', url, children: this.read(open + 1, close) });
    return after;
  }
}
