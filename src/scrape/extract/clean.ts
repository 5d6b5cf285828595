import { type MarkupVerdict, classifyMarkup, namesConsent } from './boilerplate.js';
import { classWords } from './class-words.js';
import { type ElementNode, alikeKey, elementChildren, removeNode } from './dom.js';
import { HEADING_TAGS, NON_CONTENT_TAGS } from './html-tags.js';
import { type StatsTable, type TextStats, linkDensity, readableText, statsOf, substantialText } from './text-stats.js';

/** `<noscript>` fallbacks for lazy images or "enable JavaScript" notices are noise; whole-page fallbacks are content. */
const MIN_NOSCRIPT_TEXT = 200;

/**
 * A hidden element holding this share of the page's text is the content itself, hidden
 * until a script reveals it (age gates, React streamed segments, app shells).
 */
const REVEALED_BY_SCRIPT_SHARE = 0.4;

function visibleCharacters(text: string, stopAt: number): number {
  let visible = 0;
  for (let i = 0; i < text.length && visible < stopAt; i++) {
    const code = text.charCodeAt(i);
    if (code > 32 && code !== 160) visible++;
  }
  return visible;
}

/** Visible characters below an element, not counting scripts, styles and other non-content. */
function contentCharacters(element: ElementNode, stopAt: number): number {
  let count = 0;
  const visit = (node: ElementNode): void => {
    for (const child of node.children) {
      if (count >= stopAt) return;
      if (child.kind === 'text') count += visibleCharacters(child.value, stopAt - count);
      else if (!NON_CONTENT_TAGS.has(child.tag)) visit(child);
    }
  };
  visit(element);
  return count;
}

/** Fields a reader fills in: a form holding one collects input (contact, sign-up, search, a quantity to buy). */
const FILLED_INPUT_TYPES = new Set(['text', 'email', 'tel', 'password', 'number', 'search', 'url', 'date', '']);

/** What else a form to fill in holds: names of its fields, or a table of rows to pick from (a cart, a comparison grid). */
const FIELD_PARTS = new Set(['textarea', 'select', 'label', 'legend', 'table']);

/** An `<input>`'s type as browsers read it (a missing type is text); undefined for other elements. */
function inputType(element: ElementNode): string | undefined {
  return element.tag === 'input' ? (element.attrs['type'] ?? '').trim().toLowerCase() : undefined;
}

function isFieldToFill(element: ElementNode): boolean {
  if (FIELD_PARTS.has(element.tag)) return true;
  const type = inputType(element);
  return type !== undefined && FILLED_INPUT_TYPES.has(type);
}

/** Inputs ticked rather than filled in: checkboxes and radio buttons. */
const TOGGLE_INPUT_TYPES = new Set(['checkbox', 'radio']);
/** A label this long is more than a control's name. */
const MAX_TOGGLE_LABEL = 40;
/** A checkbox labelled alike this many times is one control repeated on every card ("Compare", "Add to list"). */
const MIN_REPEATED_TOGGLES = 3;

function isToggleInput(element: ElementNode): boolean {
  const type = inputType(element);
  return type !== undefined && TOGGLE_INPUT_TYPES.has(type);
}

function holdsToggle(element: ElementNode): boolean {
  for (const child of elementChildren(element)) if (isToggleInput(child) || holdsToggle(child)) return true;
  return false;
}

function labelText(label: ElementNode): string {
  let text = '';
  const visit = (node: ElementNode): void => {
    for (const child of node.children) {
      if (text.length > MAX_TOGGLE_LABEL) return;
      if (child.kind === 'text') text += child.value;
      else if (!NON_CONTENT_TAGS.has(child.tag)) visit(child);
    }
  };
  visit(label);
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Labels of checkboxes and radio buttons (named by `for`, or holding the input) whose short
 * text repeats on every card of a grid: a control ("Compare"), not what the cards say. Labels
 * that differ (a filter's brands, a quiz's answers) are left to the other passes.
 */
function repeatedToggleLabels(root: ElementNode): ReadonlySet<ElementNode> {
  const ids = new Set<string>();
  const labels: ElementNode[] = [];
  const visit = (element: ElementNode): void => {
    for (const child of elementChildren(element)) {
      if (isToggleInput(child) && child.attrs['id'] !== undefined) ids.add(child.attrs['id']);
      if (child.tag === 'label') labels.push(child);
      else visit(child);
    }
  };
  visit(root);
  const byText = new Map<string, ElementNode[]>();
  for (const label of labels) {
    const target = label.attrs['for'];
    if (!((target !== undefined && ids.has(target)) || holdsToggle(label))) continue;
    const text = labelText(label);
    if (text === '' || text.length > MAX_TOGGLE_LABEL) continue;
    const alike = byText.get(text) ?? [];
    alike.push(label);
    byText.set(text, alike);
  }
  const repeated = new Set<ElementNode>();
  for (const alike of byText.values()) if (alike.length >= MIN_REPEATED_TOGGLES) for (const label of alike) repeated.add(label);
  return repeated;
}

/**
 * Removes what can never be content: scripts, media, form controls and the labels of checkboxes
 * repeated on every card, hidden elements. Returns
 * the forms that held a field to fill in, which the controls' removal would otherwise hide.
 */
export function removeNonContent(root: ElementNode): ReadonlySet<ElementNode> {
  const total = contentCharacters(root, Number.POSITIVE_INFINITY);
  const toggles = repeatedToggleLabels(root);
  const isRemoved = (element: ElementNode): boolean => {
    if (NON_CONTENT_TAGS.has(element.tag)) return true;
    if (toggles.has(element)) return true;
    if (element.tag === 'noscript') return contentCharacters(element, MIN_NOSCRIPT_TEXT) < MIN_NOSCRIPT_TEXT;
    if (classifyMarkup(element) !== 'hidden') return false;
    const threshold = Math.max(1, total * REVEALED_BY_SCRIPT_SHARE);
    return contentCharacters(element, threshold) < threshold;
  };
  const inputForms = new Set<ElementNode>();
  const visit = (element: ElementNode, form: ElementNode | undefined): void => {
    element.children = element.children.filter((child) => {
      if (child.kind === 'text') return true;
      if (form && isFieldToFill(child)) inputForms.add(form);
      if (isRemoved(child)) {
        child.parent = null;
        return false;
      }
      return true;
    });
    for (const child of element.children) if (child.kind === 'element') visit(child, child.tag === 'form' ? child : form);
  };
  visit(root, undefined);
  return inputForms;
}

/**
 * Removes page furniture recognised by its markup. Elements named like furniture but holding
 * most of the page's text are kept: sites wrap whole pages in `has-sidebar` or `with-nav`
 * containers (consent managers excepted: they never wrap the page). Runs of alike link boxes
 * named like recirculation or promotion are kept when they are what their parent lists, also
 * when each sits alone in a wrapper of its own and the wrappers make the run. Inside `<main>`,
 * boxes named headers head sections of the content and stay.
 */
export function removeBoilerplate(root: ElementNode, table: StatsTable, inputForms: ReadonlySet<ElementNode>): void {
  const total = Math.max(1, statsOf(table, root).text);
  const proseLimit = Math.max(MIN_WRAPPER_PROSE, statsOf(table, root).prose * WRAPPER_PROSE_SHARE);
  const substantialLimit = Math.max(1, substantialText(statsOf(table, root)) * SUSPECT_WRAPPER_SHARE);
  const visit = (element: ElementNode, listed = false, inMain = false): void => {
    const withinMain = inMain || element.tag === 'main' || element.attrs['role'] === 'main';
    const children = elementChildren(element);
    const parentText = statsOf(table, element).text;
    let runs: Set<ElementNode> | undefined;
    for (const child of children) {
      const stats = statsOf(table, child);
      const markup = classifyMarkup(child);
      const verdict = markup === 'header' && withinMain && isNamedHeader(child) ? undefined : markup;
      // A run of alike boxes holding most of their parent's text is what the page lists, whatever
      // their class says (`recirc`, `promo`), and so is the body of one of them.
      // Only classed siblings, three or more, make runs: most elements are spared the grouping.
      const inRun = (): boolean =>
        children.length >= MIN_RUN_ITEMS && child.attrs['class'] !== undefined && (runs ??= alikeRuns(children, table, parentText)).has(child);
      if (verdict === 'suspect' && (inRun() || (listed && stats.text >= parentText * MIN_RUN_SHARE) || substantialText(stats) >= substantialLimit)) {
        visit(child, true, withinMain);
        continue;
      }
      // Whatever its class says, an element holding most of the page's prose wraps the content (`and-w-sidebar`).
      if (shouldRemove(child, verdict, stats, total, inputForms) && !(stats.prose >= proseLimit && verdict === 'furniture' && !namesConsent(child)))
        removeNode(child);
      // Grids wrap each listed box in a column or cell of its own: the run is of the wrappers, and
      // a wrapper holding nothing but the box passes the listing on to it.
      else visit(child, verdict === undefined && (inRun() || (listed && children.length === 1)), withinMain);
    }
  };
  visit(root);
}

/**
 * A box only its class names a header (`section-header`, `gm-header`), inside the page's
 * `<main>`, heads a section of the content (its title and lead), not the page: the site's
 * header is a `<header>` or a banner, and sits outside `<main>`.
 */
function isNamedHeader(element: ElementNode): boolean {
  return element.tag !== 'header' && element.attrs['role'] !== 'banner';
}

/** Alike siblings (same tag and classes, not necessarily adjacent) this many make a run of listed items. */
const MIN_RUN_ITEMS = 3;
/** Share of the parent's text a run must hold to be what the parent lists. */
const MIN_RUN_SHARE = 0.5;
/** Share of a run's text inside links: listed items are cards and headlines linking to their pages. */
const MIN_RUN_LINK_SHARE = 0.5;

/** Children that belong to a run of at least three alike siblings holding most of their parent's text. */
function alikeRuns(children: readonly ElementNode[], table: StatsTable, parentText: number): Set<ElementNode> {
  const groups = new Map<string, ElementNode[]>();
  for (const child of children) {
    if (!child.attrs['class']?.trim() || statsOf(table, child).text === 0) continue;
    const key = alikeKey(child);
    const group = groups.get(key);
    if (group) group.push(child);
    else groups.set(key, [child]);
  }
  const members = new Set<ElementNode>();
  for (const group of groups.values()) {
    if (group.length < MIN_RUN_ITEMS) continue;
    let text = 0;
    let linkText = 0;
    for (const child of group) {
      text += statsOf(table, child).text;
      linkText += statsOf(table, child).linkText;
    }
    // Listed items link to what they list; a run of prose blurbs (partners, promises) is a promo band.
    if (text >= parentText * MIN_RUN_SHARE && linkText >= text * MIN_RUN_LINK_SHARE) for (const child of group) members.add(child);
  }
  return members;
}

/** Share of the page's substantial text (all but short links) that makes a suspect-named box the content. */
const SUSPECT_WRAPPER_SHARE = 0.5;

/** A consent manager is removed unless it is nearly all the page holds (a consent wall before the page). */
const MAX_CONSENT_SHARE = 0.8;

/** Share of the page's prose that makes a furniture-named element a wrapper of the content. */
const WRAPPER_PROSE_SHARE = 0.5;
/** Pages with less prose than this (characters) are judged by their text share alone. */
const MIN_WRAPPER_PROSE = 500;

/**
 * A form with no field to fill in that is mostly prose wraps content, not controls: forum
 * software puts a thread's posts inside its moderation form (checkboxes and buttons to act on
 * them), or each comment's body in a form of its own. Contact and sign-up forms, which may carry
 * a long consent notice, and a shop's buy box have fields to fill in (see removeNonContent).
 */
const MIN_FORM_PROSE = 150;
const MIN_FORM_PROSE_SHARE = 0.4;

function wrapsProse(stats: TextStats): boolean {
  return stats.prose >= MIN_FORM_PROSE && stats.prose >= stats.text * MIN_FORM_PROSE_SHARE;
}

function shouldRemove(element: ElementNode, verdict: MarkupVerdict, stats: TextStats, total: number, inputForms: ReadonlySet<ElementNode>): boolean {
  const share = stats.text / total;
  switch (verdict) {
    case 'chrome':
      return share < 0.5 || linkDensity(stats) > 0.5;
    case 'furniture':
      if (isProseNamedNavigation(element, stats)) return false;
      return share < (namesConsent(element) ? MAX_CONSENT_SHARE : 0.4) || linkDensity(stats) > 0.5;
    case 'suspect':
      // A heading named like a promotion (`<h2 id="ad-listing-title-…">`) titles a card or section: its box is judged, not the title.
      if (HEADING_TAGS.has(element.tag)) return false;
      // A banner with a section's heading is a hero or a section's header, not an advertisement.
      if (isSectionHeader(element, stats) && classWords(element).includes('banner')) return false;
      return share < 0.4 && (readableText(stats) < 250 || linkDensity(stats) > 0.4);
    case 'header':
      // A section's heading named like a header (`<h2 class="module-header">`) is that heading, not the page's header.
      if (SECTION_HEADINGS.has(element.tag) || isSectionHeader(element, stats)) return false;
      return share < 0.3 && (readableText(stats) < 400 || linkDensity(stats) > 0.4);
    default:
      if (element.tag === 'form') return share < 0.4 && (inputForms.has(element) || !wrapsProse(stats));
      return false;
  }
}

const SECTION_HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);
/** Link density above which a header is a bar of links (a site header's menus), whatever heading it holds. */
const MAX_SECTION_HEADER_LINK_DENSITY = 0.5;

/**
 * A header holding a section's heading (`h2`–`h6`, at most two levels down: a card's or a
 * section's header wraps its heading in one box at most) and few links opens a section of the
 * content — a feature's title and its introduction, a card's headline — not the page's
 * header, which holds the logo, the menus and at most the page's `h1`.
 */
function isSectionHeader(element: ElementNode, stats: TextStats): boolean {
  if (linkDensity(stats) > MAX_SECTION_HEADER_LINK_DENSITY) return false;
  for (const child of elementChildren(element)) {
    if (SECTION_HEADINGS.has(child.tag)) return true;
    for (const grandchild of elementChildren(child)) if (SECTION_HEADINGS.has(grandchild.tag)) return true;
  }
  return false;
}

/** Words naming navigation: menus hold link labels, not paragraphs. */
const NAVIGATION_WORDS = new Set(['nav', 'navbar', 'navigation', 'menu', 'menubar', 'megamenu']);
/** Prose (characters) no menu holds: enough to judge a box by, as the walk to the content does. */
const MIN_NAVIGATION_PROSE = 400;
/** Link density above which a box is a box of links (as for the content's siblings). */
const MAX_NAVIGATION_PROSE_LINK_DENSITY = 0.3;

/**
 * A box named as navigation that holds paragraphs of prose with few links is content whose
 * class or id happens to carry the word: a section anchored by its heading's slug
 * (`#menu-innovation-strategies`), the panels of a tab menu, `content-nav-section`.
 */
function isProseNamedNavigation(element: ElementNode, stats: TextStats): boolean {
  if (stats.prose < MIN_NAVIGATION_PROSE || linkDensity(stats) > MAX_NAVIGATION_PROSE_LINK_DENSITY) return false;
  return classWords(element).some((word) => NAVIGATION_WORDS.has(word));
}
