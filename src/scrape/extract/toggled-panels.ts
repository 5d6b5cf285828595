import { classWords } from './class-words.js';
import { HEADING_TAGS } from './html-tags.js';
import { type ElementNode, textContent } from './dom.js';

/** Elements readers click to open what follows them. */
const TOGGLE_TAGS = new Set(['summary', 'button']);
/** A FAQ's question opens its answer. */
const TOGGLE_WORDS = new Set(['question']);
/** A FAQ's question as a heading opens the answer under it. */
const QUESTION_HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'dt']);
/** Elements looked at inside a heading for its button: a heading is short, and the bound keeps hostile ones cheap. */
const MAX_HEADING_ELEMENTS = 16;
/** Levels looked down a wrapper's first elements for its toggle. */
const MAX_TOGGLE_DEPTH = 3;
/** Menus, drop-downs and dialogs also open under a button; they are chrome, not collapsed content. */
const CHROME_TAGS = new Set(['nav', 'aside', 'dialog', 'menu']);
const CHROME_WORDS = new Set(['nav', 'subnav', 'menu', 'submenu', 'dropdown', 'modal', 'popup', 'popover', 'overlay', 'drawer']);

/**
 * Siblings searched for an element's place: accordions are short, and the bound keeps the
 * check, run for every hidden element, linear on hostile pages with huge flat lists.
 */
const MAX_SIBLINGS = 400;

function previousElement(element: ElementNode): ElementNode | undefined {
  const siblings = element.parent?.children ?? [];
  if (siblings.length > MAX_SIBLINGS) return undefined;
  for (let i = siblings.indexOf(element) - 1; i >= 0; i--) {
    const sibling = siblings[i];
    if (sibling?.kind === 'element') return sibling;
  }
  return undefined;
}

function isToggle(element: ElementNode): boolean {
  return (
    TOGGLE_TAGS.has(element.tag) ||
    element.attrs['aria-expanded'] !== undefined ||
    element.attrs['aria-controls'] !== undefined ||
    element.attrs['role'] === 'button'
  );
}

/** Whether a heading holds the button that opens the panel after it (the WAI-ARIA accordion pattern: `<h3><button aria-expanded>`). */
function headingWrapsToggle(heading: ElementNode): boolean {
  const pending = heading.children.slice(0, MAX_HEADING_ELEMENTS);
  let seen = 0;
  for (let next = pending.shift(); next !== undefined && seen < MAX_HEADING_ELEMENTS; next = pending.shift()) {
    if (next.kind !== 'element') continue;
    seen++;
    if (isToggle(next)) return true;
    pending.push(...next.children.slice(0, MAX_HEADING_ELEMENTS));
  }
  return false;
}

function isChrome(element: ElementNode): boolean {
  return CHROME_TAGS.has(element.tag) || element.attrs['role'] === 'dialog' || classWords(element).some((word) => CHROME_WORDS.has(word));
}

/** Whether a wrapper opens with a toggle: sites put the button first in a `<div>` of their own. */
function opensWithToggle(element: ElementNode): boolean {
  let inner: ElementNode | undefined = element;
  for (let level = 0; level < MAX_TOGGLE_DEPTH && inner; level++) {
    inner = inner.children.find((child): child is ElementNode => child.kind === 'element');
    if (inner && isToggle(inner)) return true;
  }
  return false;
}

/**
 * A hidden block right after its own toggle (a button, a `<summary>`, a heading asking a
 * question or wrapping the button, anything with `aria-expanded`, `aria-controls` or the role
 * of a button, also at the start of a wrapper, a FAQ's question) is an accordion's collapsed answer: readers open it with
 * one click, and product pages keep their FAQ answers and specifications there. Menus and
 * dialogs behind a button stay hidden.
 */
export function followsItsToggle(element: ElementNode): boolean {
  const toggle = previousElement(element);
  if (!toggle || isChrome(element) || isChrome(toggle)) return false;
  if (isToggle(toggle) || (HEADING_TAGS.has(toggle.tag) && headingWrapsToggle(toggle)) || opensWithToggle(toggle)) return true;
  if (classWords(toggle).some((word) => TOGGLE_WORDS.has(word))) return true;
  return QUESTION_HEADINGS.has(toggle.tag) && textContent(toggle).trim().endsWith('?');
}
