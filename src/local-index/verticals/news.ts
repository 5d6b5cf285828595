import type { PageFacts } from '../../scrape/extract/index.js';
import { defined, type VerticalRecord } from './record.js';
import type { PageSummary } from './page-summary.js';
import { entitiesOfType, firstMeta, link, names, parseDate, text } from './structured.js';

const ARTICLE_TYPES = new Set([
  'Article',
  'NewsArticle',
  'BlogPosting',
  'LiveBlogPosting',
  'ReportageNewsArticle',
  'AnalysisNewsArticle',
  'OpinionNewsArticle',
  'ReviewNewsArticle',
  'BackgroundNewsArticle',
  'TechArticle',
  'Report',
]);

/**
 * A news result for pages that say they are articles: an Article/NewsArticle/BlogPosting entity,
 * or `og:type=article`. The publisher is the entity's publisher, else the site name.
 */
export function newsRecords(facts: PageFacts, page: PageSummary): VerticalRecord<'news'>[] {
  const article = entitiesOfType(facts, (type) => ARTICLE_TYPES.has(type))[0];
  const ogArticle = firstMeta(facts, ['og:type'])?.toLowerCase() === 'article';
  if (article === undefined && !ogArticle) return [];
  const headline = text(article?.['headline']) ?? text(article?.['name']) ?? page.title;
  const snippet = text(article?.['description']) ?? page.description;
  const publisher = names(article?.['publisher'])[0] ?? page.siteName ?? firstMeta(facts, ['og:site_name']);
  const publishedAt = parseDate(text(article?.['datePublished'])) ?? parseDate(firstMeta(facts, ['article:published_time'])) ?? page.published;
  const imageUrl = link(article?.['image'], page.url) ?? link(firstMeta(facts, ['og:image', 'og:image:url']), page.url);
  return [
    {
      vertical: 'news',
      item: { title: headline, link: page.url, ...defined({ snippet, publisher, imageUrl }) },
      ...defined({ publishedAt }),
      text: `${snippet ?? ''}\n${publisher ?? ''}\n${page.text}`,
    },
  ];
}
