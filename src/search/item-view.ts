/** How the router sees an item of any vertical: the text it post-filters on and its de-duplication key. */
import type { EngineHit } from './engine.js';
import { foldedWords, type MatchableDocument } from './query-match.js';
import type { UnrankedItemOf } from './shapes.js';
import { urlKey } from './url-key.js';
import type { ItemVertical } from './verticals.js';

export type AnyEngineItem = UnrankedItemOf<ItemVertical>;
export type AnyEngineHit = EngineHit<ItemVertical>;

interface ItemViewSpec {
  /** The field holding the result's page URL. */
  readonly link: string;
  /** Fields whose text stands in for the page content. */
  readonly text: readonly string[];
  /** What makes two items the same result. */
  readonly identity: 'link' | 'imageUrl' | 'titleAndAddress';
}

const VIEWS: Readonly<Record<ItemVertical, ItemViewSpec>> = {
  web: { link: 'url', text: ['description'], identity: 'link' },
  news: { link: 'link', text: ['snippet', 'publisher'], identity: 'link' },
  // Several images of one page are distinct results, so images are told apart by the image itself.
  images: { link: 'link', text: ['source'], identity: 'imageUrl' },
  videos: { link: 'link', text: ['snippet', 'channel'], identity: 'link' },
  // Places often have no web site at all; name and address identify them.
  places: { link: 'website', text: ['address', 'category'], identity: 'titleAndAddress' },
  shopping: { link: 'link', text: ['source'], identity: 'link' },
  scholar: { link: 'link', text: ['snippet', 'authors', 'publication'], identity: 'link' },
  patents: { link: 'link', text: ['snippet', 'patentNumber', 'inventors', 'assignee'], identity: 'link' },
};

function stringField(item: AnyEngineItem, field: string): string | undefined {
  const value: unknown = (item as Readonly<Record<string, unknown>>)[field];
  return typeof value === 'string' ? value : undefined;
}

/** Title, page URL and snippet-like text of an item, for `matchesQuery`. */
export function itemDocument(vertical: ItemVertical, item: AnyEngineItem): MatchableDocument {
  const view = VIEWS[vertical];
  return {
    title: item.title,
    url: stringField(item, view.link) ?? '',
    text: view.text
      .map((field) => stringField(item, field))
      .filter((text): text is string => text !== undefined)
      .join('\n'),
  };
}

/** Two items with the same key are the same result (see `urlKey` for how URLs are compared). */
export function itemKey(vertical: ItemVertical, item: AnyEngineItem): string {
  const view = VIEWS[vertical];
  switch (view.identity) {
    case 'link':
      return urlKey(stringField(item, view.link) ?? item.title);
    case 'imageUrl':
      return urlKey(stringField(item, 'imageUrl') ?? item.title);
    case 'titleAndAddress':
      return foldedWords(`${item.title} ${stringField(item, 'address') ?? ''}`).join(' ');
  }
}

/** Keeps the first hit of every key, in order. */
export function dedupeHits(vertical: ItemVertical, hits: readonly AnyEngineHit[]): AnyEngineHit[] {
  const seen = new Set<string>();
  return hits.filter((hit) => {
    const key = itemKey(vertical, hit.item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The kept hit's fields win; fields it lacks are taken from the other copy of the same result. */
export function mergeHits(kept: AnyEngineHit, other: AnyEngineHit): AnyEngineHit {
  const item = { ...other.item };
  for (const [field, value] of Object.entries(kept.item)) {
    if (value !== undefined) Object.assign(item, { [field]: value });
  }
  const publishedAt = kept.publishedAt ?? other.publishedAt;
  return publishedAt === undefined ? { item } : { item, publishedAt };
}
