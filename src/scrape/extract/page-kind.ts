import type { JsonObject, MicrodataItem } from './types.js';

/**
 * What the page says it is, from its own metadata (never from its address): decides how
 * readers' comments are treated, which are content on a forum and noise under an article,
 * and whether customer reviews belong to the content (not on a product page).
 */
export type PageKind = 'article' | 'discussion' | 'product' | 'other';

const ARTICLE_TYPES =
  /^(Article|NewsArticle|BlogPosting|Blog|Report|TechArticle|ScholarlyArticle|OpinionNewsArticle|AnalysisNewsArticle|ReportageNewsArticle|Recipe|HowTo|LiveBlogPosting|MedicalWebPage)$/;
const DISCUSSION_TYPES = /^(DiscussionForumPosting|QAPage|Question|Answer|SocialMediaPosting|Comment)$/;
const PRODUCT_TYPES = /^(Product|ProductGroup|IndividualProduct|Offer|AggregateOffer)$/;
const MICRODATA_PRODUCT_TYPES = /^(Product|ProductGroup|IndividualProduct)$/;

function typeName(type: string): string {
  return type.replace(/^.*[/#]/, '');
}

function jsonLdTypes(jsonLd: readonly JsonObject[]): string[] {
  const types: string[] = [];
  for (const object of jsonLd) {
    const type = object['@type'];
    for (const t of Array.isArray(type) ? type : [type]) if (typeof t === 'string') types.push(typeName(t));
  }
  return types;
}

/** Types of top-level microdata items and of the items nested in them (a product inside a page item). */
function microdataTypes(items: readonly MicrodataItem[]): string[] {
  const types: string[] = [];
  const visit = (item: MicrodataItem, depth: number): void => {
    for (const t of item.type) types.push(typeName(t));
    if (depth >= 2) return;
    for (const values of Object.values(item.properties)) for (const value of values) if (typeof value !== 'string') visit(value, depth + 1);
  };
  for (const item of items) visit(item, 0);
  return types;
}

/**
 * A page marking up this many products (JSON-LD objects or top-level microdata items), or
 * products only as the entries of a list (a microdata `ItemList`), lists them: a shop's
 * category, a search's results, a catalogue. Its cards are its content, not one product's
 * shelves and buy boxes.
 */
const MIN_LISTED_PRODUCTS = 3;

function listsProducts(jsonLd: readonly JsonObject[], microdata: readonly MicrodataItem[]): boolean {
  const isProduct = (type: unknown): boolean => typeof type === 'string' && MICRODATA_PRODUCT_TYPES.test(typeName(type));
  const products = jsonLd.filter((object) => [object['@type']].flat().some(isProduct)).length + microdata.filter((item) => item.type.some(isProduct)).length;
  if (products > 0) return products >= MIN_LISTED_PRODUCTS;
  return microdata.some((item) => item.type.some((t) => typeName(t) === 'ItemList') && microdataTypes([item]).some((t) => MICRODATA_PRODUCT_TYPES.test(t)));
}

export function detectPageKind(meta: Record<string, string[]>, jsonLd: readonly JsonObject[], microdata: readonly MicrodataItem[] = []): PageKind {
  const types = jsonLdTypes(jsonLd);
  const itemTypes = microdataTypes(microdata);
  if (types.some((t) => DISCUSSION_TYPES.test(t))) return 'discussion';
  const declaresArticle = types.some((t) => ARTICLE_TYPES.test(t));
  // An article that reviews products marks them up as products: it stays an article.
  if (
    !declaresArticle &&
    !listsProducts(jsonLd, microdata) &&
    (types.some((t) => PRODUCT_TYPES.test(t)) || itemTypes.some((t) => MICRODATA_PRODUCT_TYPES.test(t)) || meta['og:type']?.[0]?.toLowerCase() === 'product')
  )
    return 'product';
  if (declaresArticle || meta['og:type']?.[0]?.toLowerCase() === 'article' || meta['article:published_time'] !== undefined) return 'article';
  return 'other';
}
