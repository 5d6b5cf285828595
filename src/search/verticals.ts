/** Every search vertical Quarry serves, in the order the contract lists the combined-search sources. */
export const VERTICALS = ['web', 'news', 'images', 'places', 'shopping', 'videos', 'scholar', 'patents', 'autocomplete'] as const;

export type Vertical = (typeof VERTICALS)[number];

/** Verticals whose results are item lists (everything except autocomplete, which returns plain suggestions). */
export type ItemVertical = Exclude<Vertical, 'autocomplete'>;

/** The verticals that have a dedicated endpoint (shape A); web is served only through the combined endpoint. */
export const DEDICATED_VERTICALS = [
  'images',
  'videos',
  'news',
  'shopping',
  'places',
  'patents',
  'scholar',
  'autocomplete',
] as const satisfies readonly Vertical[];

export type DedicatedVertical = (typeof DEDICATED_VERTICALS)[number];

export function isVertical(value: string): value is Vertical {
  return (VERTICALS as readonly string[]).includes(value);
}
