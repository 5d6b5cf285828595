/**
 * What a search finds, as the domain sees it: per source the ranked items (the vertical's fields,
 * 1-based positions as numbers) with their publication dates as `Date`, or the suggestions of
 * autocomplete, and the engines that answered and failed. Every surface renders this its own way.
 *
 * The result cache keeps it as plain JSON, close to the items' own text so that a cache hit parses
 * little more than the REST body it serves: `storedSource` and `revivedSource`.
 */
import type { ItemOf, SearchOutcome, ItemVertical, Vertical } from '../search/index.js';

/** One ranked item: the vertical's fields under Serper's names (web: `url`, `description`), with its position. */
export interface FoundItem<V extends ItemVertical = ItemVertical> {
  readonly item: ItemOf<V>;
  /** When the page was published, if anyone knows. */
  readonly publishedAt?: Date;
}

interface SourceBase {
  /** The engine(s) that answered ("a+b" when blended). */
  readonly engine: string;
  /** Engines of the chain that failed although the source was answered. */
  readonly failedEngines: readonly string[];
  /** The query an engine searched instead, when it corrected the one asked. */
  readonly correctedQuery?: string;
}

export interface ItemSourceResult<V extends ItemVertical = ItemVertical> extends SourceBase {
  readonly vertical: V;
  readonly items: readonly FoundItem<V>[];
}

export interface SuggestionsResult extends SourceBase {
  readonly vertical: 'autocomplete';
  readonly suggestions: readonly string[];
}

export type SourceResult = ItemSourceResult | SuggestionsResult;

/** How a source is kept in the result cache. */
export interface StoredSource {
  readonly vertical: Vertical;
  readonly engine: string;
  readonly failedEngines: readonly string[];
  readonly correctedQuery?: string;
  readonly items?: readonly object[];
  /** Each item's publication time in milliseconds since the epoch (`null`: unknown); absent when none is known. */
  readonly published?: readonly (number | null)[];
  readonly suggestions?: readonly string[];
}

/** The router's outcome in its stored form. */
export function storedSource(outcome: SearchOutcome<Vertical>): StoredSource {
  const base = {
    vertical: outcome.vertical,
    engine: outcome.engine,
    failedEngines: outcome.failedEngines,
    ...(outcome.correctedQuery === undefined ? {} : { correctedQuery: outcome.correctedQuery }),
  };
  if ('suggestions' in outcome) return { ...base, suggestions: outcome.suggestions };
  const published = outcome.published?.some((date) => date !== undefined) ? outcome.published.map((date) => date?.getTime() ?? null) : undefined;
  return { ...base, items: outcome.items, ...(published === undefined ? {} : { published }) };
}

/**
 * Whether a stored value is in this form: an entry written by an older release under the same key
 * (a REST body) is not, and is searched afresh rather than misread.
 */
export function isStoredSource(value: unknown): value is StoredSource {
  const source = value as Partial<StoredSource> | null;
  return typeof source?.vertical === 'string' && typeof source.engine === 'string' && Array.isArray(source.failedEngines);
}

/**
 * A stored source with its dates as dates. Built as literals of one shape, without spreads: this
 * runs for every source of every answer served from the cache.
 */
export function revivedSource(stored: StoredSource): SourceResult {
  const { vertical, engine, failedEngines, correctedQuery } = stored;
  let source: SourceResult;
  if (vertical === 'autocomplete') {
    source = { vertical, engine, failedEngines, suggestions: stored.suggestions ?? [] };
  } else {
    const { published } = stored;
    // The stored items are the router's items of this vertical, kept as they were.
    const items = (stored.items ?? []) as FoundItem['item'][];
    const found: FoundItem[] = new Array<FoundItem>(items.length);
    for (let index = 0; index < items.length; index++) {
      const at = published?.[index];
      found[index] = at === undefined || at === null ? { item: items[index]! } : { item: items[index]!, publishedAt: new Date(at) };
    }
    source = { vertical, engine, failedEngines, items: found };
  }
  return correctedQuery === undefined ? source : { ...source, correctedQuery };
}

/** Whether a source found anything (an item, or a suggestion). */
export function foundInSource(source: SourceResult): boolean {
  return 'items' in source ? source.items.length > 0 : source.suggestions.length > 0;
}

/** The items found in the source of `vertical` (none when it was not searched). */
export function itemsOf<V extends ItemVertical>(sources: readonly SourceResult[], vertical: V): readonly FoundItem<V>[] {
  const source = sources.find((candidate) => candidate.vertical === vertical);
  // The router answers a vertical with that vertical's items.
  return source !== undefined && 'items' in source ? (source.items as readonly FoundItem<V>[]) : [];
}
