import type { ElementNode } from './dom.js';

/** Amounts of text below an element, counted in non-whitespace characters. */
export interface TextStats {
  /** All text. */
  text: number;
  /** Text inside links. */
  linkText: number;
  /** Text inside links with short anchors (menus, tags, "read more"), unlike cards wrapped in a link. */
  shortLinkText: number;
  /** Number of `<a href>` elements. */
  links: number;
  /** Number of paragraph-like blocks with at least a sentence of text. */
  paragraphs: number;
  /** Punctuation marks typical of prose (commas, full stops). */
  punctuation: number;
  /**
   * Non-link text of the innermost paragraph-like blocks that read as prose (a sentence or
   * more, few links): what distinguishes content from menus, cards' labels and chrome.
   */
  prose: number;
}

export type StatsTable = Map<ElementNode, TextStats>;

function countText(value: string, stats: TextStats): void {
  let visible = 0;
  let punctuation = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 32 || code === 160) continue;
    visible++;
    // , . ; ! ? and their CJK counterparts
    if (code === 44 || code === 46 || code === 59 || code === 0x3001 || code === 0x3002 || code === 0xff0c) punctuation++;
  }
  stats.text += visible;
  stats.punctuation += punctuation;
}

const PARAGRAPH_TAGS = new Set(['p', 'pre', 'blockquote', 'li', 'dd', 'td', 'th', 'dt', 'h2', 'h3', 'h4', 'h5', 'h6', 'figcaption', 'summary']);
/** Containers that hold prose directly in some sites (`<div>text<br>text</div>`). */
const DIRECT_TEXT_CONTAINERS = new Set(['div', 'section', 'article', 'span', 'font', 'center', 'main', 'td']);
const MIN_PROSE = 60;
/** Anchor texts shorter than this (visible characters) read as navigation rather than as a linked card. */
const SHORT_LINK = 30;

/** Computes text statistics for every element below (and including) `root` in one pass. */
export function computeStats(root: ElementNode): StatsTable {
  const table: StatsTable = new Map();
  visit(root, table, false);
  return table;
}

function visit(element: ElementNode, table: StatsTable, insideLink: boolean): TextStats {
  const isLink = element.tag === 'a' && element.attrs['href'] !== undefined;
  const inLink = insideLink || isLink;
  const stats: TextStats = { text: 0, linkText: 0, shortLinkText: 0, links: isLink ? 1 : 0, paragraphs: 0, punctuation: 0, prose: 0 };
  let directText = 0;
  for (const child of element.children) {
    if (child.kind === 'text') {
      const before = stats.text;
      countText(child.value, stats);
      directText += stats.text - before;
      if (inLink) stats.linkText += stats.text - before;
    } else {
      const childStats = visit(child, table, inLink);
      stats.text += childStats.text;
      stats.linkText += childStats.linkText;
      stats.shortLinkText += childStats.shortLinkText;
      stats.links += childStats.links;
      stats.paragraphs += childStats.paragraphs;
      stats.punctuation += childStats.punctuation;
      stats.prose += childStats.prose;
    }
  }
  // The outermost link decides: its whole anchor text is short or it is not.
  if (isLink && !insideLink && stats.text < SHORT_LINK) stats.shortLinkText = stats.text;
  const readsAsProse = stats.text >= MIN_PROSE && stats.linkText < stats.text * 0.5;
  if (PARAGRAPH_TAGS.has(element.tag) && readsAsProse) stats.paragraphs++;
  // Innermost paragraph-like block (or container with direct text) holding prose: count it once.
  if (readsAsProse && stats.prose === 0 && (PARAGRAPH_TAGS.has(element.tag) || (DIRECT_TEXT_CONTAINERS.has(element.tag) && directText >= MIN_PROSE / 2))) {
    stats.prose = stats.text - stats.linkText;
  } else if (DIRECT_TEXT_CONTAINERS.has(element.tag) && directText >= MIN_PROSE && !inLink) {
    stats.prose += directText;
  }
  table.set(element, stats);
  return stats;
}

export function linkDensity(stats: TextStats): number {
  return stats.text === 0 ? 0 : stats.linkText / stats.text;
}

const EMPTY_STATS: TextStats = { text: 0, linkText: 0, shortLinkText: 0, links: 0, paragraphs: 0, punctuation: 0, prose: 0 };

/** Statistics of an element (all zero for elements added after the table was computed). */
export function statsOf(table: StatsTable, element: ElementNode): TextStats {
  return table.get(element) ?? EMPTY_STATS;
}

/** Non-link text: what readers read rather than click. */
export function readableText(stats: TextStats): number {
  return stats.text - stats.linkText;
}

/** Text minus navigation-like links: readable text plus linked cards. */
export function substantialText(stats: TextStats): number {
  return stats.text - stats.shortLinkText;
}

/**
 * Prose discounted by the share of link text around it: teaser excerpts sit among linked
 * headlines, an article's paragraphs do not.
 */
export function weightedProse(stats: TextStats): number {
  const kept = 1 - linkDensity(stats);
  return stats.prose * kept * kept;
}

/** Prose when there is some, else substantial text: how much content an element holds. */
export function contentAmount(stats: TextStats): number {
  return stats.prose > 0 ? stats.prose : substantialText(stats);
}
