/**
 * The date a search item shows, the way Google (and so Serper) shows it: the engine's own date
 * text when it gave one, else how long ago the page was published. Worked out when the answer is
 * rendered, from the app's clock: a result served from the cache a day later says so.
 */
import { relativeTime } from './relative-time.js';
import type { ItemVertical } from './verticals.js';

/** The field in which each vertical shows a date (the others show none). */
const DATE_FIELDS: Partial<Record<ItemVertical, 'date' | 'uploaded'>> = {
  web: 'date',
  news: 'date',
  videos: 'uploaded',
};

/**
 * The item as shown: unchanged when the engine dated it (or its vertical shows no date, or nobody
 * knows when it was published), else with a relative date, placed before `position` as the
 * router used to place it, so that every answer keeps its field order.
 */
export function shownItem<I extends object>(vertical: ItemVertical, found: { readonly item: I; readonly publishedAt?: Date | undefined }, now: Date): I {
  const { item, publishedAt } = found;
  const field = DATE_FIELDS[vertical];
  if (field === undefined || publishedAt === undefined || Object.hasOwn(item, field)) return item;
  const date = relativeTime(publishedAt, now);
  const fields = item as Readonly<Record<string, unknown>>;
  const shown: Record<string, unknown> = {};
  // A plain loop: this runs for every dated item of every answer, the cached ones included.
  for (const key of Object.keys(fields)) {
    if (key === 'position') shown[field] = date;
    shown[key] = fields[key];
  }
  if (!Object.hasOwn(shown, field)) shown[field] = date;
  // The item's own fields and one more of the vertical's: still an item of that vertical.
  return shown as I;
}
