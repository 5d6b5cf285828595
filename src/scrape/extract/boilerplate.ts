import { classTokens, classWords, splitClassToken } from './class-words.js';
import { HEADING_TAGS } from './html-tags.js';
import { type ElementNode, elementChildren, textContent } from './dom.js';
import { followsItsToggle } from './toggled-panels.js';

/**
 * How an element's own markup (tag, ARIA role, class and id words) classifies it, before
 * looking at its text:
 * - `chrome`: page furniture by its tag or role (navigation, footer, sidebar, dialog);
 * - `furniture`: named like furniture (cookie banner, menu, footer, ads…);
 * - `suspect`: named with a word that often means furniture (share, related, promo…);
 * - `discussion`: readers' comments;
 * - `header`: a page or section header, which may hold an introduction worth keeping;
 * - `hidden`: not shown to readers;
 * - undefined: nothing known.
 */
export type MarkupVerdict = 'chrome' | 'furniture' | 'suspect' | 'discussion' | 'header' | 'hidden' | undefined;

const CHROME_TAGS = new Set(['nav', 'aside', 'footer', 'dialog', 'search']);
const CHROME_ROLES = new Set([
  'navigation',
  'contentinfo',
  'complementary',
  'search',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
  'toolbar',
  'tooltip',
  'banner',
]);

/** Whole class tokens frameworks use for content hidden from sighted readers (`blind`: the convention of Korean sites, as `sr-only` is Bootstrap's). */
const HIDDEN_CLASS_TOKENS = new Set([
  'hidden',
  'is-hidden',
  'd-none',
  'sr-only',
  'visually-hidden',
  'visuallyhidden',
  'screen-reader-text',
  'screen-reader-only',
  'invisible',
  'hide',
  'u-hidden',
  'a11y-hidden',
  'offscreen',
  'assistive-text',
  'element-invisible',
  'sr-text',
  'blind',
]);

/** Words that name page furniture when they appear in a class or id. */
const FURNITURE_WORDS = new Set([
  'nav',
  'navbar',
  'navigation',
  'menu',
  'menubar',
  'megamenu',
  'footer',
  'sidebar',
  'breadcrumb',
  'breadcrumbs',
  'crumbs',
  'cookie',
  'cookies',
  'consent',
  'gdpr',
  'ccpa',
  'skiplink',
  'masthead',
  'copyright',
  'colophon',
  'outbrain',
  'taboola',
  'disqus',
  'advert',
  'advertisement',
  'advertising',
  'ads',
  'adslot',
  'adunit',
  'dfp',
  'offcanvas',
  'signature',
]);

/**
 * Words that often name furniture (share bars, related links, promos) but also qualify
 * content (`subscription-eligible`, `share-price`): elements named so are removed only when
 * they hold little prose or mostly links.
 */
const SUSPECT_WORDS = new Set([
  'share',
  'sharing',
  'sharebar',
  'social',
  'socials',
  'related',
  'recommended',
  'recommendations',
  'recirc',
  'popular',
  'trending',
  'promo',
  'sponsored',
  'sponsor',
  'popup',
  'modal',
  'overlay',
  'newsletter',
  'subscribe',
  'subscription',
  'signup',
  'pagination',
  'pager',
  'toolbar',
  'banner',
  'lightbox',
  'tooltip',
  'drawer',
  'toc',
  'login',
  'signin',
  'ad',
  // "skip to content" links, but also the content they point at (`id="skip-to-products"`).
  'skip',
]);

/** Words naming readers' comments: content on a forum, noise under an article. */
const DISCUSSION_WORDS = new Set(['comment', 'comments', 'commentlist', 'respond', 'replies', 'pingback', 'pingbacks', 'trackback', 'trackbacks']);

/** Substrings that name furniture even in compounds written without separators (`sharebuttons`, `sitefooter`). */
const FURNITURE_SUBSTRINGS = ['cookie', 'consent', 'breadcrumb', 'sidebar', 'navbar', 'footer', 'advert', 'taboola', 'outbrain'];
const SUSPECT_SUBSTRINGS = ['newsletter', 'socialshare', 'sharebutton', 'relatedpost', 'relatedarticle'];

/**
 * Consent managers (cookie banners and their preference centres) are never the page, however
 * much prose their purposes and vendor lists hold: on a listing with little prose of its own
 * they can hold most of the page's prose and pass for its wrapper.
 */
const CONSENT_WORDS = new Set(['cookie', 'cookies', 'consent', 'gdpr', 'ccpa']);
const CONSENT_SUBSTRINGS = ['cookie', 'consent'];

export function namesConsent(element: ElementNode): boolean {
  for (const token of classTokens(element)) {
    const words = splitClassToken(token);
    if (words.some((w) => LAYOUT_QUALIFIERS.has(w))) continue;
    if (words.some((w) => CONSENT_WORDS.has(w))) return true;
    const lower = token.toLowerCase();
    if (words.length === 1 && CONSENT_SUBSTRINGS.some((s) => lower.includes(s))) return true;
  }
  return false;
}

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

/**
 * Tab panels and collapsed sections are hidden only until a reader clicks their tab or
 * heading: product descriptions and specifications often sit there. Their content counts,
 * also when only their place tells (right after their toggle: `toggled-panels.ts`).
 */
function isCollapsedPanel(element: ElementNode): boolean {
  if (element.attrs['role'] === 'tabpanel' || followsItsToggle(element)) return true;
  const names = `${element.attrs['class'] ?? ''} ${element.attrs['id'] ?? ''}`.toLowerCase();
  if (!PANEL_OWNER_HINT.test(names)) return false;
  const words = classWords(element);
  const panel = words.some((w) => PANEL_WORDS.has(w));
  return panel && words.some((w) => PANEL_OWNER_WORDS.has(w));
}
const PANEL_OWNER_HINT = /tab|accordi|collaps|expand|toggle/;
const PANEL_WORDS = new Set(['panel', 'pane', 'content', 'body', 'collapse', 'collapsible']);
const PANEL_OWNER_WORDS = new Set(['tab', 'tabs', 'accordion', 'accordian', 'collapse', 'collapsible', 'expandable', 'toggle']);

export function isHidden(element: ElementNode): boolean {
  return hiddenByMarkup(element) && !isCollapsedPanel(element);
}

function hiddenByMarkup(element: ElementNode): boolean {
  const { attrs } = element;
  if (attrs['hidden'] !== undefined) return true;
  // aria-hidden hides from screen readers, not from sight: on a block of text it marks a collapsed
  // panel, an off-screen carousel slide or a visible duplicate, all content; on a few characters, an icon.
  // A star icon's caption ("4.7 out of 5 stars") is the rating the stars draw: text, not decoration.
  if (attrs['aria-hidden'] === 'true' && hasLittleText(element) && !STAR_RATING.test(textContent(element))) return true;
  const style = attrs['style'];
  if (style !== undefined && HIDDEN_STYLE.test(style)) return true;
  const classes = attrs['class'];
  if (classes !== undefined) {
    for (const token of classes.split(/\s+/)) {
      const lower = token.toLowerCase();
      if (HIDDEN_CLASS_TOKENS.has(lower) || NAMESPACED_SCREEN_READER.test(lower)) return true;
    }
  }
  return false;
}

/** A rating spelled out for the star icons that draw it. */
const STAR_RATING = /^\s*\d(?:[.,]\d)?\s+out\s+of\s+\d+(?:[.,]\d)?\s+stars?\s*$/i;

/** The screen-reader-only tokens under a design system's prefix (`wt-screen-reader-only`, `u-sr-only`). */
const NAMESPACED_SCREEN_READER = /^(?:[a-z0-9]+-)+(?:screen-reader-only|sr-only|visually-hidden)$/;

/** Below this many visible characters an aria-hidden element is decoration (icons, glyphs, counters). */
const ARIA_HIDDEN_DECORATION = 40;

/**
 * Elements looked at before an aria-hidden element counts as more than decoration: icons are
 * small, and the bound keeps this check, run for nested elements of hostile pages, linear.
 */
const DECORATION_ELEMENTS = 64;

function hasLittleText(element: ElementNode): boolean {
  let visible = 0;
  let elements = 0;
  const pending: ElementNode[] = [element];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (++elements > DECORATION_ELEMENTS) return false;
    for (const child of next.children) {
      if (child.kind === 'element') pending.push(child);
      else for (let i = 0; i < child.value.length; i++) if (child.value.charCodeAt(i) > 32 && ++visible >= ARIA_HIDDEN_DECORATION) return false;
    }
  }
  return true;
}

/** Elements that are the page or its declared main content whatever their classes say. */
const NEVER_BOILERPLATE_TAGS = new Set(['html', 'body', 'main', '#root']);

export function classifyMarkup(element: ElementNode): MarkupVerdict {
  if (isHidden(element)) return 'hidden';
  const { tag } = element;
  if (NEVER_BOILERPLATE_TAGS.has(tag) || element.attrs['role'] === 'main') return undefined;
  const role = element.attrs['role']?.toLowerCase();
  // A card's <header> (an <article> in a list) holds its linked headline: part of the card.
  if (tag === 'header' && role === undefined && isCardHeader(element)) return undefined;
  if (tag === 'header' || role === 'banner') return 'header';
  if (CHROME_TAGS.has(tag) || (role !== undefined && CHROME_ROLES.has(role))) return 'chrome';
  return classifyByName(element);
}

function hasLinkWithin(heading: ElementNode): boolean {
  for (const child of elementChildren(heading)) if (child.tag === 'a' && child.attrs['href'] !== undefined) return true;
  return false;
}

/** A `<header>` inside an `<article>` whose heading links elsewhere: the headline of a teaser card. */
function isCardHeader(element: ElementNode): boolean {
  let article = element.parent;
  while (article && article.tag !== 'article') article = article.parent;
  if (!article) return false;
  // A card's headline sits right in its header: looking two levels down keeps this linear on nested pages.
  for (const child of elementChildren(element)) {
    const heading = HEADING_TAGS.has(child.tag) ? child : elementChildren(child).find((e) => HEADING_TAGS.has(e.tag));
    if (heading && hasLinkWithin(heading)) return true;
  }
  return false;
}

/**
 * Layout classes describe the page around an element (`no-sidebar`, `has-nav`,
 * `with-footer`): a token carrying one of these words names no furniture.
 */
const LAYOUT_QUALIFIERS = new Set([
  'no',
  'has',
  'with',
  'without',
  'show',
  'hide',
  'is',
  'enable',
  'enabled',
  'disable',
  'disabled',
  'template',
  'layout',
  'page',
  'body',
  'main',
]);

function classifyByName(element: ElementNode): MarkupVerdict {
  let verdict: MarkupVerdict;
  for (const token of classTokens(element)) {
    const words = splitClassToken(token);
    if (words.some((w) => LAYOUT_QUALIFIERS.has(w))) continue;
    if (words.some((w) => FURNITURE_WORDS.has(w))) return 'furniture';
    // Compounds written without separators (`sharebuttons`, `sitefooter`).
    const compound = words.length === 1 ? token.toLowerCase() : undefined;
    if (compound !== undefined && FURNITURE_SUBSTRINGS.some((s) => compound.includes(s))) return 'furniture';
    if (
      verdict !== 'suspect' &&
      (words.some((w) => SUSPECT_WORDS.has(w)) || (compound !== undefined && SUSPECT_SUBSTRINGS.some((s) => compound.includes(s))))
    ) {
      verdict = 'suspect';
    }
    if (verdict === undefined && words.some((w) => DISCUSSION_WORDS.has(w))) verdict = 'discussion';
    if (verdict === undefined && words.includes('header')) verdict = 'header';
  }
  return verdict;
}
