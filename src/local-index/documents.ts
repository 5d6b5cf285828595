/** From a read page to what the index stores: the page and one record per vertical result it yields. */
import type { PageFacts } from '../scrape/extract/index.js';
import { pageLocale } from './locale.js';
import { imageRecords } from './verticals/images.js';
import { newsRecords } from './verticals/news.js';
import { summarise } from './verticals/page-summary.js';
import { patentRecords } from './verticals/patents.js';
import { placeRecords } from './verticals/places.js';
import type { AnyRecord } from './verticals/record.js';
import { scholarRecords } from './verticals/scholar.js';
import { shoppingRecords } from './verticals/shopping.js';
import { videoRecords } from './verticals/videos.js';
import { webRecord } from './verticals/web.js';

/** Text kept and indexed per page; longer pages are cut (the start of a page is what ranks it anyway). */
export const MAX_BODY_CHARS = 20_000;

/** A page ready for the store. */
export interface IndexablePage {
  readonly url: string;
  readonly host: string;
  readonly title: string;
  readonly description?: string;
  readonly body: string;
  readonly lang?: string;
  readonly country?: string;
  readonly publishedAt?: Date;
  /** The web record first, then the vertical records in a stable order. */
  readonly records: readonly AnyRecord[];
}

export function indexablePage(facts: PageFacts): IndexablePage {
  const page = summarise(facts);
  const locale = pageLocale(facts, page.host);
  const body = page.text.length > MAX_BODY_CHARS ? page.text.slice(0, MAX_BODY_CHARS) : page.text;
  const bounded = { ...page, text: body };
  const records: AnyRecord[] = [
    webRecord(bounded),
    ...newsRecords(facts, bounded),
    ...imageRecords(facts, bounded),
    ...videoRecords(facts, bounded),
    ...scholarRecords(facts, bounded),
    ...patentRecords(facts, bounded),
    ...placeRecords(facts, bounded, locale.country),
    ...shoppingRecords(facts, bounded),
  ];
  return {
    url: page.url,
    host: page.host,
    title: page.title,
    body,
    records,
    ...(page.description === undefined ? {} : { description: page.description }),
    ...(page.published === undefined ? {} : { publishedAt: page.published }),
    ...locale,
  };
}
