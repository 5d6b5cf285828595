import { defined, type VerticalRecord } from './record.js';
import type { PageSummary } from './page-summary.js';

/** Every indexed page is a web result. */
export function webRecord(page: PageSummary): VerticalRecord<'web'> {
  return {
    vertical: 'web',
    item: { title: page.title, url: page.url, ...defined({ description: page.description }) },
    ...defined({ publishedAt: page.published }),
    text: `${page.description ?? ''}\n${page.text}`,
  };
}
