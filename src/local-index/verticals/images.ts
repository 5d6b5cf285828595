import type { PageFacts } from '../../scrape/extract/index.js';
import { defined, type VerticalRecord } from './record.js';
import type { PageSummary } from './page-summary.js';

/** Images smaller than this on either side (icons, spacers, tracking pixels) are not results. */
const MIN_SIDE_PX = 50;
const MAX_IMAGES_PER_PAGE = 20;

/**
 * The page's images (its preview image first, then those of the main content). Width and height
 * are the real pixel sizes the page states (`width`/`height` attributes, `og:image:width|height`);
 * they are left out when the page does not state them.
 */
export function imageRecords(facts: PageFacts, page: PageSummary): VerticalRecord<'images'>[] {
  const records: VerticalRecord<'images'>[] = [];
  for (const image of facts.extracted.images) {
    if (!/^https?:/.test(image.url)) continue;
    if ((image.width !== undefined && image.width < MIN_SIDE_PX) || (image.height !== undefined && image.height < MIN_SIDE_PX)) continue;
    const title = image.alt.trim() === '' ? page.title : image.alt.trim();
    records.push({
      vertical: 'images',
      item: {
        title,
        imageUrl: image.url,
        link: page.url,
        ...defined({ imageWidth: image.width, imageHeight: image.height, source: page.siteName ?? page.host }),
      },
      ...defined({ publishedAt: page.published }),
      text: `${image.alt}\n${page.title}\n${page.description ?? ''}`,
    });
    if (records.length >= MAX_IMAGES_PER_PAGE) break;
  }
  return records;
}
