import type { JsonObject } from './types.js';

/**
 * What the page says it is, from its own metadata (never from its address): decides how
 * readers' comments are treated, which are content on a forum and noise under an article.
 */
export type PageKind = 'article' | 'discussion' | 'product' | 'other';

const ARTICLE_TYPES =
  /^(Article|NewsArticle|BlogPosting|Blog|Report|TechArticle|ScholarlyArticle|OpinionNewsArticle|AnalysisNewsArticle|ReportageNewsArticle|Recipe|HowTo|LiveBlogPosting|MedicalWebPage)$/;
const DISCUSSION_TYPES = /^(DiscussionForumPosting|QAPage|Question|Answer|SocialMediaPosting|Comment)$/;
const PRODUCT_TYPES = /^(Product|ProductGroup|IndividualProduct|Offer|AggregateOffer)$/;

function jsonLdTypes(jsonLd: readonly JsonObject[]): string[] {
  const types: string[] = [];
  for (const object of jsonLd) {
    const type = object['@type'];
    for (const t of Array.isArray(type) ? type : [type]) if (typeof t === 'string') types.push(t.replace(/^.*[/#]/, ''));
  }
  return types;
}

export function detectPageKind(meta: Record<string, string[]>, jsonLd: readonly JsonObject[]): PageKind {
  const types = jsonLdTypes(jsonLd);
  if (types.some((t) => DISCUSSION_TYPES.test(t))) return 'discussion';
  if (types.some((t) => PRODUCT_TYPES.test(t)) || meta['og:type']?.[0]?.toLowerCase() === 'product') return 'product';
  if (types.some((t) => ARTICLE_TYPES.test(t)) || meta['og:type']?.[0]?.toLowerCase() === 'article' || meta['article:published_time'] !== undefined)
    return 'article';
  return 'other';
}
