/**
 * Result shapes of the search endpoints, as TypeBox schemas (validation, types and OpenAPI at once).
 *
 * Items carry only what is known: a field that an engine does not provide is left out, never filled
 * with a placeholder. `title` and `position` are always present, and so is the item's link where the
 * vertical has one (`url` for web). Extra optional fields are declared explicitly; Fastify's
 * serializer drops anything not declared here.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { DedicatedVertical, ItemVertical } from './verticals.js';

const Position = Type.Integer({ minimum: 1, description: '1-based rank in this response' });
const HttpUrl = (description: string) => Type.String({ description });
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Rating = Type.Number({ minimum: 0, maximum: 5, description: 'average rating out of 5.0' });

export const WebItem = Type.Object(
  {
    title: Type.String(),
    url: HttpUrl('page URL'),
    description: Type.Optional(Type.String({ description: 'snippet' })),
    date: Type.Optional(Type.String({ description: 'relative publication time, e.g. "3 days ago"' })),
    position: Position,
  },
  { title: 'WebResult' },
);

export const NewsItem = Type.Object(
  {
    title: Type.String(),
    link: HttpUrl('article URL'),
    snippet: Type.Optional(Type.String()),
    publisher: Type.Optional(Type.String({ description: 'name of the publication' })),
    date: Type.Optional(Type.String({ description: 'relative publication time, e.g. "5 mins ago"' })),
    imageUrl: Type.Optional(HttpUrl('article illustration')),
    position: Position,
  },
  { title: 'NewsResult' },
);

export const ImageItem = Type.Object(
  {
    title: Type.String(),
    imageUrl: HttpUrl('the image itself'),
    imageWidth: Type.Optional(Type.Integer({ minimum: 1, description: 'px' })),
    imageHeight: Type.Optional(Type.Integer({ minimum: 1, description: 'px' })),
    thumbnailUrl: Type.Optional(HttpUrl('a smaller copy of the image')),
    link: HttpUrl('the page showing the image'),
    source: Type.Optional(Type.String({ description: 'site name or domain of the page' })),
    licence: Type.Optional(Type.String({ description: 'licence of the image when the page states one' })),
    position: Position,
  },
  { title: 'ImageResult' },
);

export const VideoItem = Type.Object(
  {
    title: Type.String(),
    link: HttpUrl('video page URL'),
    snippet: Type.Optional(Type.String()),
    duration: Type.Optional(Type.String({ description: 'length as H:MM:SS or M:SS' })),
    uploaded: Type.Optional(Type.String({ description: 'relative upload time, e.g. "2 weeks ago"' })),
    channel: Type.Optional(Type.String()),
    imageUrl: Type.Optional(HttpUrl('thumbnail')),
    position: Position,
  },
  { title: 'VideoResult' },
);

export const PlaceItem = Type.Object(
  {
    title: Type.String(),
    address: Type.Optional(Type.String()),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    rating: Type.Optional(Rating),
    reviews: Type.Optional(Count('number of reviews')),
    phone: Type.Optional(Type.String({ description: 'international format, e.g. "+1 212-555-0100"' })),
    category: Type.Optional(Type.String()),
    website: Type.Optional(HttpUrl('the place’s own web site')),
    position: Position,
  },
  { title: 'PlaceResult' },
);

export const ShoppingItem = Type.Object(
  {
    title: Type.String(),
    price: Type.Optional(Type.String({ description: 'display price with currency symbol, e.g. "$9.99"' })),
    link: HttpUrl('offer URL'),
    source: Type.Optional(Type.String({ description: 'merchant' })),
    rating: Type.Optional(Rating),
    reviews: Type.Optional(Count('number of reviews')),
    imageUrl: Type.Optional(HttpUrl('product image')),
    position: Position,
  },
  { title: 'ShoppingResult' },
);

export const ScholarItem = Type.Object(
  {
    title: Type.String(),
    link: HttpUrl('publication URL'),
    snippet: Type.Optional(Type.String()),
    authors: Type.Optional(Type.String({ description: 'comma-separated author names' })),
    publication: Type.Optional(Type.String({ description: 'journal, proceedings or publisher' })),
    year: Type.Optional(Type.Integer()),
    citations: Type.Optional(Count('number of citing works')),
    pdfUrl: Type.Optional(HttpUrl('full text as PDF')),
    position: Position,
  },
  { title: 'ScholarResult' },
);

export const PatentItem = Type.Object(
  {
    title: Type.String(),
    patentNumber: Type.Optional(Type.String({ description: 'publication number, e.g. "US9876543B2"' })),
    link: HttpUrl('patent page URL'),
    snippet: Type.Optional(Type.String()),
    inventors: Type.Optional(Type.String({ description: 'comma-separated inventor names' })),
    assignee: Type.Optional(Type.String()),
    filingDate: Type.Optional(Type.String({ description: 'YYYY-MM-DD' })),
    grantDate: Type.Optional(Type.String({ description: 'YYYY-MM-DD' })),
    pdfUrl: Type.Optional(HttpUrl('full text as PDF')),
    position: Position,
  },
  { title: 'PatentResult' },
);

export const ITEM_SCHEMAS = {
  web: WebItem,
  news: NewsItem,
  images: ImageItem,
  videos: VideoItem,
  places: PlaceItem,
  shopping: ShoppingItem,
  scholar: ScholarItem,
  patents: PatentItem,
} as const satisfies Record<ItemVertical, TSchema>;

/** The item type of each vertical, with its position. */
export type ItemOf<V extends ItemVertical> = Static<(typeof ITEM_SCHEMAS)[V]>;

/**
 * What an engine produces: an item before the router has ranked it. Distributes over a union of
 * verticals (a plain `Omit` of a union would keep only the fields common to all of them).
 */
export type UnrankedItemOf<V extends ItemVertical> = V extends ItemVertical ? Omit<ItemOf<V>, 'position'> : never;

export type WebItem = Static<typeof WebItem>;
export type NewsItem = Static<typeof NewsItem>;
export type ImageItem = Static<typeof ImageItem>;
export type VideoItem = Static<typeof VideoItem>;
export type PlaceItem = Static<typeof PlaceItem>;
export type ShoppingItem = Static<typeof ShoppingItem>;
export type ScholarItem = Static<typeof ScholarItem>;
export type PatentItem = Static<typeof PatentItem>;

/** The echo of the request in a shape A response, as Serper sends it. */
export const SearchParameters = Type.Object(
  {
    q: Type.String(),
    num: Type.Integer(),
    type: Type.String({ description: 'the vertical name' }),
    engine: Type.String({ description: 'engine(s) that answered, e.g. "local" or "searxng+brave"' }),
    gl: Type.Optional(Type.String()),
    hl: Type.Optional(Type.String()),
    location: Type.Optional(Type.String()),
    page: Type.Optional(Type.Integer()),
    tbs: Type.Optional(Type.String()),
    autocorrect: Type.Optional(Type.Boolean()),
    correctedQuery: Type.Optional(
      Type.String({ description: 'the query searched instead of `q` when `q` found nothing and autocorrect corrected its spelling' }),
    ),
  },
  { title: 'SearchParameters' },
);
export type SearchParameters = Static<typeof SearchParameters>;

/** Named in every answer some of whose engines failed or were suspended (a partial answer). */
export const FailedEngines = Type.Array(Type.String(), {
  description: 'present when some engines failed or were suspended although the search was answered (a partial answer): their names, e.g. ["serper"]',
});
const FailedEnginesA = Type.Optional(FailedEngines);

/** Shape A: the response of each dedicated vertical endpoint. */
export const VERTICAL_RESPONSE_SCHEMAS = {
  images: Type.Object({ searchParameters: SearchParameters, images: Type.Array(ImageItem), failed_engines: FailedEnginesA }, { title: 'ImagesResponse' }),
  videos: Type.Object({ searchParameters: SearchParameters, videos: Type.Array(VideoItem), failed_engines: FailedEnginesA }, { title: 'VideosResponse' }),
  news: Type.Object({ searchParameters: SearchParameters, news: Type.Array(NewsItem), failed_engines: FailedEnginesA }, { title: 'NewsResponse' }),
  shopping: Type.Object(
    { searchParameters: SearchParameters, shopping: Type.Array(ShoppingItem), failed_engines: FailedEnginesA },
    { title: 'ShoppingResponse' },
  ),
  places: Type.Object({ searchParameters: SearchParameters, places: Type.Array(PlaceItem), failed_engines: FailedEnginesA }, { title: 'PlacesResponse' }),
  patents: Type.Object({ searchParameters: SearchParameters, patents: Type.Array(PatentItem), failed_engines: FailedEnginesA }, { title: 'PatentsResponse' }),
  scholar: Type.Object({ searchParameters: SearchParameters, scholar: Type.Array(ScholarItem), failed_engines: FailedEnginesA }, { title: 'ScholarResponse' }),
  autocomplete: Type.Object(
    {
      searchParameters: SearchParameters,
      suggestions: Type.Array(Type.String(), { description: 'ranked by search frequency' }),
      failed_engines: FailedEnginesA,
    },
    { title: 'AutocompleteResponse' },
  ),
} as const satisfies Record<DedicatedVertical, TSchema>;

export type VerticalResponseOf<V extends DedicatedVertical> = Static<(typeof VERTICAL_RESPONSE_SCHEMAS)[V]>;

// Shape B, the combined search, is in combined-shape.ts.
