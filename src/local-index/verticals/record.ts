import type { UnrankedItemOf, ItemVertical } from '../../search/index.js';

/**
 * One searchable record a page yields: its web entry or an item of a vertical. Items carry only
 * fields the page states; relative dates are left to the REST mapper, which shows them from `publishedAt`.
 */
export interface VerticalRecord<V extends ItemVertical> {
  readonly vertical: V;
  readonly item: UnrankedItemOf<V>;
  readonly publishedAt?: Date;
  /** Text searched besides the title (the page text for web and news, the item's own words otherwise). */
  readonly text: string;
}

export type AnyRecord = { [V in ItemVertical]: VerticalRecord<V> }[ItemVertical];

/** Copies only the defined fields, so absent facts stay absent instead of becoming `undefined` keys. */
export function defined<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out as { [K in keyof T]?: Exclude<T[K], undefined> };
}
