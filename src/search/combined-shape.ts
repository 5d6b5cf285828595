/**
 * Shape B of the combined search uses one field set across every source: the contract's web
 * fields `url` and `description`. Items of the other sources keep their vertical fields, except
 * that the page link is `url` and the text snippet is `description` (shape A, the dedicated
 * endpoints, keeps Serper's `link` and `snippet`).
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { FailedEngines, ITEM_SCHEMAS } from './shapes.js';

const RENAMED = { link: 'url', snippet: 'description' } as const;
type Renamed<K> = K extends keyof typeof RENAMED ? (typeof RENAMED)[K] : K;
type RenamedProperties<P extends TProperties> = { [K in keyof P as Renamed<K>]: P[K] };

function renamedObject<P extends TProperties>(schema: TObject<P>, title: string): TObject<RenamedProperties<P>> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([key, value]) => [key in RENAMED ? RENAMED[key as keyof typeof RENAMED] : key, value]),
  );
  // The keys were renamed exactly as RenamedProperties says.
  return Type.Object(properties, { title }) as unknown as TObject<RenamedProperties<P>>;
}

export const COMBINED_ITEM_SCHEMAS = {
  web: ITEM_SCHEMAS.web,
  news: renamedObject(ITEM_SCHEMAS.news, 'CombinedNewsResult'),
  images: renamedObject(ITEM_SCHEMAS.images, 'CombinedImageResult'),
  videos: renamedObject(ITEM_SCHEMAS.videos, 'CombinedVideoResult'),
  places: renamedObject(ITEM_SCHEMAS.places, 'CombinedPlaceResult'),
  shopping: renamedObject(ITEM_SCHEMAS.shopping, 'CombinedShoppingResult'),
  scholar: renamedObject(ITEM_SCHEMAS.scholar, 'CombinedScholarResult'),
  patents: renamedObject(ITEM_SCHEMAS.patents, 'CombinedPatentResult'),
} as const;

/** A shape A item in the combined field set (`link` → `url`, `snippet` → `description`). */
export function combinedItem(item: object): Record<string, unknown> {
  const fields = item as Readonly<Record<string, unknown>>;
  const renamed: Record<string, unknown> = {};
  // A plain loop: this runs for every item of every answer served from the cache.
  for (const key of Object.keys(fields)) renamed[key === 'link' ? 'url' : key === 'snippet' ? 'description' : key] = fields[key];
  return renamed;
}

/** Shape B for search: one array per requested source, every item in the combined field set. */
export const CombinedSearchResponse = Type.Object(
  {
    success: Type.Boolean(),
    data: Type.Object({
      web: Type.Optional(Type.Array(COMBINED_ITEM_SCHEMAS.web)),
      news: Type.Optional(Type.Array(COMBINED_ITEM_SCHEMAS.news)),
      images: Type.Optional(Type.Array(COMBINED_ITEM_SCHEMAS.images)),
      places: Type.Optional(Type.Array(COMBINED_ITEM_SCHEMAS.places)),
      shopping: Type.Optional(Type.Array(COMBINED_ITEM_SCHEMAS.shopping)),
      videos: Type.Optional(Type.Array(COMBINED_ITEM_SCHEMAS.videos)),
      scholar: Type.Optional(Type.Array(COMBINED_ITEM_SCHEMAS.scholar)),
      patents: Type.Optional(Type.Array(COMBINED_ITEM_SCHEMAS.patents)),
      autocomplete: Type.Optional(Type.Array(Type.String())),
    }),
    failed_engines: Type.Optional(FailedEngines),
  },
  { title: 'CombinedSearchResponse' },
);
export type CombinedSearchResponse = Static<typeof CombinedSearchResponse>;
